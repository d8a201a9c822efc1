#!/usr/bin/env bash
# npm run lint:openapi (part of npm run lint, so of CI): writes the OpenAPI document the app
# serves at /api/openapi.json and lints it with Redocly under redocly.yaml's rules (decision 082).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .cache/openapi
npx tsx scripts/openapi-document.ts .cache/openapi/openapi.json
# No telemetry nor update check: CI runs offline, and nothing about the project leaves it.
REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true npx redocly lint --config redocly.yaml .cache/openapi/openapi.json
