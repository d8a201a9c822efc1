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
# The Dockerfile's `npm install --omit=dev`, with sqlite3's native module taken from the install
# this check runs in rather than compiled a second time (no prebuilt binary is reachable here, and
# the compile is a minute of CI's 2 cores): the same package versions, the same binary.
(cd "$dir" && npm install --omit=dev --no-audit --no-fund --ignore-scripts >/dev/null)
cp -r "$root/node_modules/sqlite3/build" "$dir/node_modules/sqlite3/"
# The postinstall that --ignore-scripts skipped: the patches to dependencies (decision 084).
cp -r patches "$dir/" && (cd "$dir" && npx --no-install patch-package >/dev/null)
for package in $(cd "$dir" && node -e 'const p=require("./package.json");console.log(Object.keys(p.allowScripts||{}).join(" "))'); do
  [ "$package" = sqlite3 ] || [ ! -d "$dir/node_modules/$package" ] || (cd "$dir" && npm rebuild "$package" >/dev/null)
done

psql "$pg_base/test" -qc "CREATE DATABASE $db" >/dev/null
cleanup() {
  # The server is a process group of its own (setsid): stop all of it.
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

# Fly's release command first (node, no tsx in production), then the server as the image runs it
# (the Dockerfile's CMD: node itself, so a signal reaches the server and its exit code is ours).
(cd "$dir" && node build/cli/migrate.js)
setsid bash -c "cd '$dir' && exec node build/server.js" > "$root/.ci-tmp/server.log" 2>&1 &
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

# An administrator must enrol a second factor before any admin page answers (decision 079): the
# first sign-in is sent to enrolment; enrolled through the API as a scripted client would, with
# the codes an authenticator app shows computed here (RFC 6238: HMAC-SHA1, 30-second steps).
status=$(curl -s -o /dev/null -w '%{http_code}' -H "Cookie: $cookie" "http://localhost:$port/admin/dashboard")
[ "$status" = 302 ] || { echo "an admin without a second factor reached the dashboard ($status)"; exit 1; }
totp() { # secret, steps ahead of now
  node -e '
    const [secret, ahead] = process.argv.slice(1);
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
    let bits = "";
    for (const c of secret) bits += alphabet.indexOf(c).toString(2).padStart(5, "0");
    const key = Buffer.from(bits.match(/.{8}/g).map((x) => parseInt(x, 2)));
    const counter = Buffer.alloc(8);
    counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30000) + Number(ahead)));
    const h = require("crypto").createHmac("sha1", key).update(counter).digest();
    console.log(String((h.readUInt32BE(h[19] & 15) & 0x7fffffff) % 1e6).padStart(6, "0"));' "$1" "$2"
}
field() { node -e 'let s="";process.stdin.on("data",(d)=>s+=d).on("end",()=>console.log(JSON.parse(s)[process.argv[1]]))' "$1"; }
api_post() { curl -fs -X POST -H 'Content-Type: application/json' "$@"; }
secret=$(api_post -H "Cookie: $cookie" -d '{}' "http://localhost:$port/api/auth/two-factor/setup" | field secret)
[ -n "$secret" ] || { echo "two-factor setup failed"; exit 1; }
api_post -H "Cookie: $cookie" -d "{\"code\":\"$(totp "$secret" 0)\"}" "http://localhost:$port/api/auth/two-factor/enable" \
  | grep -q '"recoveryCodes"' || { echo "two-factor enable failed"; exit 1; }
# Signing in again now takes the password, then a code (the next step's: a code is never accepted twice).
challenge=$(api_post -d '{"email":"ci-admin@example.com","password":"ci-admin-password"}' \
  "http://localhost:$port/api/auth/login" | field challenge)
[ -n "$challenge" ] || { echo "sign-in did not ask for the second factor"; exit 1; }
cookie=$(api_post -D - -o /dev/null -d "{\"challenge\":\"$challenge\",\"code\":\"$(totp "$secret" 1)\"}" \
  "http://localhost:$port/api/auth/verify-two-factor" | grep -i '^set-cookie: __session=' | sed 's/^[Ss]et-[Cc]ookie: \([^;]*\).*/\1/')
[ -n "$cookie" ] || { echo "two-factor sign-in failed"; exit 1; }
status=$(curl -s -o /dev/null -w '%{http_code}' -H "Cookie: $cookie" "http://localhost:$port/admin/dashboard")
[ "$status" = 200 ] || { echo "admin dashboard answered $status"; exit 1; }

# An administrator who has lost the phone and the recovery codes: the console's reset (decision 079,
# amended) ends their sessions, and the password then signs in to set a second factor up again.
(cd "$dir" && node build/cli/reset-two-factor.js --email ci-admin@example.com >/dev/null)
status=$(curl -s -o /dev/null -w '%{http_code}' -H "Cookie: $cookie" "http://localhost:$port/admin/dashboard")
[ "$status" = 302 ] || { echo "a session outlived the two-factor reset ($status)"; exit 1; }
cookie=$(api_post -D - -o /dev/null -d '{"email":"ci-admin@example.com","password":"ci-admin-password"}' \
  "http://localhost:$port/api/auth/login" | grep -i '^set-cookie: __session=' | sed 's/^[Ss]et-[Cc]ookie: \([^;]*\).*/\1/')
[ -n "$cookie" ] || { echo "the password alone did not sign in after the reset"; exit 1; }
location=$(curl -s -o /dev/null -w '%{redirect_url}' -H "Cookie: $cookie" "http://localhost:$port/admin/dashboard")
case "$location" in */account/security*) ;; *) echo "after the reset, the admin portal sent to '$location'"; exit 1 ;; esac
echo "production start check: healthcheck, sign-in, /api/auth/me, two-factor enrolment, sign-in and console reset, /admin/dashboard OK"

# The log is JSON lines, each request's with its id, which the answer also carries (decision 050).
curl -fs -D - -o /dev/null "http://localhost:$port/healthcheck" | grep -qi '^x-request-id: ' || { echo "no X-Request-Id"; exit 1; }
grep -q '"requestId":".*"path":"/api/auth/me","status":200' "$root/.ci-tmp/server.log" || {
  cat "$root/.ci-tmp/server.log"; echo "no access line for /api/auth/me"; exit 1; }
if grep -q 'ci-admin-password' "$root/.ci-tmp/server.log"; then echo "the password reached the log"; exit 1; fi
if grep -q "$secret" "$root/.ci-tmp/server.log"; then echo "the TOTP secret reached the log"; exit 1; fi

# SIGTERM, as Fly stops a machine: the server closes, stops its workers and the database, exits 0.
kill -TERM "$server_pid"
for _ in $(seq 1 60); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.5; done
set +e; wait "$server_pid"; code=$?; set -e
server_pid=
[ "$code" = 0 ] && grep -q '"msg":"shut down"' "$root/.ci-tmp/server.log" || {
  cat "$root/.ci-tmp/server.log"; echo "SIGTERM: the server exited $code"; exit 1; }
echo "SIGTERM: the server shut down and exited 0"
