#!/usr/bin/env bash
# The journeys alone, against the site as last built (no install, no build):
#   pnpm test:e2e                                  every journey (E2E_LANES=2: in two lanes)
#   pnpm test:e2e -- tests/gifts.spec.ts           one spec (one lane)
#   pnpm test:e2e -- tests/gifts.spec.ts --grep 连击  Playwright's own options pass through
# Reports go to .reports/e2e/ (playwright-<lane>.json). Run 'npm run build' first after changing
# the front end: the journeys use host/dist and mf-*/dist.
source "$(dirname "$0")/lib.sh"
ensure_node
cd "$REPO_ROOT"
[ -d node_modules ] || fail "dependencies are not installed: run 'pnpm install' (or npm test once) first"
[ -f host/dist/index.html ] || fail "the site is not built: run 'npm run build' first (the journeys serve host/dist and mf-*/dist)"
command -v "${CHROMIUM_PATH:-chromium}" >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || fail "no Chromium: run 'apt-get install -y chromium' (Debian's; Playwright's own download cannot work here)"
[ "${1:-}" = "--" ] && shift
REPORTS="$REPO_ROOT/.reports/e2e"
mkdir -p "$REPORTS"
cd e2e
if [ $# -gt 0 ]; then exec node runLanes.mjs "$REPORTS" 1 -- "$@"; fi
exec node runLanes.mjs "$REPORTS" "${E2E_LANES:-1}"
