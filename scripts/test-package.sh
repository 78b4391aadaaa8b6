#!/usr/bin/env bash
# The one-package loop: one package's tests, nothing else (no install, no build).
#   pnpm test:pkg <package> [vitest options…]
#   pnpm test:pkg host                     the host's vitest
#   pnpm test:pkg server --changed         the server's test files that your uncommitted changes reach
#   pnpm test:pkg server src/wallet        the server's test files under src/wallet
#   pnpm test:pkg scripts                  node --test on the test run's own scripts
# <package> is a folder (host, mf-live, server, tools/mf-cli…) or its last segment (mf-cli).
source "$(dirname "$0")/lib.sh"
ensure_node
cd "$REPO_ROOT"
package="${1:-}"
[ -n "$package" ] || fail "name a package: pnpm test:pkg <$(echo shared host mf-live mf-scores mf-community mf-member server mf-cli scripts | tr ' ' '|')> [vitest options…]"
shift
[ -d node_modules ] || fail "dependencies are not installed: run 'pnpm install' (or npm test once) first"
case "$package" in
  scripts)
    exec node --test --test-concurrency=2 "${NODE_TEST_FILES[@]}" "$@" ;;
  mf-cli) package="tools/mf-cli" ;;
  e2e) fail "the journeys have their own command: pnpm test:e2e -- <spec…> (after 'npm run build')" ;;
esac
[ -f "$package/vitest.config.ts" ] || fail "no vitest suite in '$package': one of shared host mf-live mf-scores mf-community mf-member server mf-cli scripts"
cd "$package"
exec pnpm exec vitest run "$@"
