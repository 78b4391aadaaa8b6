#!/usr/bin/env bash
# The second README command: installs what the tests need, then runs every suite (typecheck,
# unit and server tests, the built site in a real Chromium) and ends with one line
# 'N passed, N failed' summing them all. Exit code 0 only when nothing failed: each runner's exit
# code is kept beside its report (<report>.exitcode), so a suite that failed outside its tests
# (a beforeAll, a crash, a global setup) counts as failed too (scripts/testReports.mjs).
source "$(dirname "$0")/lib.sh"
ensure_pnpm
install_dependencies
# ffmpeg: the live-room tests push a real test stream to the ingest and make HLS from it.
ensure_debian_packages chromium:chromium ffmpeg:ffmpeg
# GStreamer: a second RTMP encoder (rtmp2sink in -bad, x264enc in -ugly) for the encoder tests. A
# plugin has no binary to look for: gst-inspect tells whether the pushes' elements are there. An
# install that fails does not stop the run: those tests print why they skip.
if ! gst-inspect-1.0 --exists rtmp2sink 2>/dev/null || ! gst-inspect-1.0 --exists x264enc 2>/dev/null; then
  (ensure_debian_packages gst-launch-1.0:gstreamer1.0-tools rtmp2sink:gstreamer1.0-plugins-bad \
    flvmux:gstreamer1.0-plugins-good x264enc:gstreamer1.0-plugins-ugly) \
    || echo "GStreamer could not be installed: the GStreamer push tests will skip"
fi

REPORTS="$REPO_ROOT/.reports"
rm -rf "$REPORTS" && mkdir -p "$REPORTS"
cd "$REPO_ROOT"
set +e

# bench is typechecked (its benchmarks import the server through @sports/server/bench, so a change
# in the server that breaks one fails here) but has no test suite of its own.
PACKAGES=(shared host mf-live mf-scores mf-community mf-member server tools/mf-cli e2e bench)
UNIT_PACKAGES=(shared host mf-live mf-scores mf-community mf-member server tools/mf-cli)

# Keeps a runner's exit code beside its report: record_exit <report name> $?.
record_exit() { echo "$2" > "$REPORTS/$1.exitcode"; }

# The run itself: the summary counts every failure (scripts/testReports.test.mjs), the
# Playwright server start fails fast and takes free ports (e2e/siteServer.test.mjs), and the
# byte budgets' check fails a broken budget, naming the file that grew (on a fixture site:
# e2e/bench/firstVisitBytes.test.mjs; on the built site after the build, below), and the build's
# own webpack plugins do what the site relies on (shared/build/*.test.mjs: a small real build).
step "Tests of the test run and of the build (node --test)"
node --test --test-reporter=spec --test-reporter-destination=stdout \
  --test-reporter=tap --test-reporter-destination="$REPORTS/node-test-scripts.tap" scripts/ e2e/siteServer.test.mjs e2e/journeyImports.test.mjs \
  e2e/bench/firstVisitBytes.test.mjs shared/build/
record_exit node-test-scripts $?

step "Typecheck (tsc --noEmit, strict) in ${#PACKAGES[@]} packages"
# Reports are named after a package's last path segment: tools/mf-cli → vitest-mf-cli.json.
for package in "${PACKAGES[@]}"; do
  if (cd "$package" && pnpm exec tsc --noEmit -p tsconfig.json); then
    echo "typecheck $package: clean"; echo "{\"passed\":1,\"failed\":0}" > "$REPORTS/typecheck-${package##*/}.count.json"
  else
    echo "typecheck $package: FAILED"; echo "{\"passed\":0,\"failed\":1}" > "$REPORTS/typecheck-${package##*/}.count.json"
  fi
done

step "Import boundaries (dependency-cruiser)"
# The package rules of .dependency-cruiser.cjs (remotes import no other remote nor host/server,
# shared imports no app, no relative path past a package's exports): a violating import fails here.
if node scripts/check-boundaries.mjs; then
  echo "{\"passed\":1,\"failed\":0}" > "$REPORTS/boundaries.count.json"
else
  echo "{\"passed\":0,\"failed\":1}" > "$REPORTS/boundaries.count.json"
fi

# Unit suites that use the built site run after the build: the mf-cli integration test publishes
# a copy of mf-member/dist to a real server.
AFTER_BUILD=(tools/mf-cli)
run_vitest() {
  step "Tests of $1 (vitest)"
  (cd "$1" && pnpm exec vitest run --reporter=default --reporter=json --outputFile="$REPORTS/vitest-${1##*/}.json")
  record_exit "vitest-${1##*/}" $?
}

for package in "${UNIT_PACKAGES[@]}"; do
  [[ " ${AFTER_BUILD[*]} " == *" $package "* ]] || run_vitest "$package"
done

step "Building the site for the browser tests"
if ! build_site; then
  echo "{\"passed\":0,\"failed\":1,\"note\":\"site build failed\"}" > "$REPORTS/build.count.json"
fi

for package in "${AFTER_BUILD[@]}"; do
  run_vitest "$package"
done

# Deterministic (no browser, no clock): the compressed bytes the first visit to #/main loads, read
# from the built files, against e2e/bench/budgets.json; a broken budget names the file that grew.
step "First visit's byte budgets (node --test on the built files)"
node --test --test-reporter=spec --test-reporter-destination=stdout \
  --test-reporter=tap --test-reporter-destination="$REPORTS/node-test-budgets.tap" e2e/bench/firstVisitBudgets.test.mjs
record_exit node-test-budgets $?

step "Browser tests (Playwright in Debian Chromium against the real server)"
(cd e2e && PLAYWRIGHT_JSON_OUTPUT_NAME="$REPORTS/playwright.json" pnpm exec playwright test --reporter=list,json)
record_exit playwright $?
# What a failed journey's page showed when it failed (Playwright's error-context.md, kept under
# e2e/test-results/): CI keeps only this output, so the page's state is printed here, bounded.
for context in e2e/test-results/*/error-context.md; do
  [ -f "$context" ] || continue
  echo "── the page when it failed: ${context#e2e/test-results/}"
  sed -n '/^# Page snapshot/,$p' "$context" | head -n 150
done

set -e
node "$REPO_ROOT/scripts/summarize-tests.mjs" "$REPORTS"
