#!/usr/bin/env bash
# Docker does not run here, so this proves the Dockerfile's runtime stage another way: the build
# output plus production dependencies only, in a clean folder, started against Postgres the way
# Fly runs it (migrations first), then /healthcheck and a real sign-in.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
dir="$root/.ci-tmp/runtime"
db="crm_prodcheck_$$"
# A free port, so a busy one can never be mistaken for our server answering.
port=$(node -e 'const s=require("net").createServer().listen(0,()=>{console.log(s.address().port);s.close()})')
pg_base="postgres://postgres@127.0.0.1:5432"

# BUILD_DIR picks another build to check (side-by-side runs); in the clean folder it is build/ again.
build_dir="${BUILD_DIR:-build}"
[ -f "$build_dir/server/index.js" ] && [ -f "$build_dir/server.js" ] || npm run build
unset BUILD_DIR
rm -rf "$dir" && mkdir -p "$dir"
# The same files the Dockerfile copies into its runtime stage.
cp -r package.json package-lock.json "$dir/" && cp -r "$build_dir" "$dir/build"
(cd "$dir" && npm install --omit=dev --no-audit --no-fund >/dev/null)

psql "$pg_base/test" -qc "CREATE DATABASE $db" >/dev/null
cleanup() {
  # npm and node form a process group of their own (setsid): stop all of it.
  [ -n "${server_pid:-}" ] && kill -- "-$server_pid" 2>/dev/null || true
  wait 2>/dev/null || true
  psql "$pg_base/test" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null || true
}
trap cleanup EXIT

export NODE_ENV=production
export DATABASE_URL="$pg_base/$db"
export SESSION_SECRET="ci-production-check-session-secret"
export DATA_ENCRYPTION_KEY="$(node -e 'console.log(require("crypto").randomBytes(32).toString("hex"))')"
export ALLOW_INSECURE_COOKIES=1
export PORT=$port

# Fly's release command first (node, no tsx in production), then the server as the image runs it.
(cd "$dir" && node build/cli/migrate.js)
setsid bash -c "cd '$dir' && exec npm start" > "$root/.ci-tmp/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 60); do
  curl -fs "http://localhost:$port/healthcheck" >/dev/null 2>&1 && break
  sleep 1
done
curl -fs "http://localhost:$port/healthcheck" | grep -q OK || { cat "$root/.ci-tmp/server.log"; echo "healthcheck failed"; exit 1; }
echo "healthcheck: 200 OK"

(cd "$dir" && node build/cli/create-admin.js --email ci-admin@example.com --password ci-admin-password >/dev/null)
cookie=$(curl -fs -D - -o /dev/null -X POST "http://localhost:$port/api/auth/login" \
  -H 'Content-Type: application/json' \
  -d '{"email":"ci-admin@example.com","password":"ci-admin-password"}' | grep -i '^set-cookie: __session=' | sed 's/^[Ss]et-[Cc]ookie: \([^;]*\).*/\1/')
[ -n "$cookie" ] || { echo "sign-in failed"; exit 1; }
curl -fs -H "Cookie: $cookie" "http://localhost:$port/api/auth/me" | grep -q '"role":"admin"' || { echo "/api/auth/me failed"; exit 1; }
status=$(curl -s -o /dev/null -w '%{http_code}' -H "Cookie: $cookie" "http://localhost:$port/admin/dashboard")
[ "$status" = 200 ] || { echo "admin dashboard answered $status"; exit 1; }
echo "production start check: healthcheck, sign-in, /api/auth/me and /admin/dashboard OK"
