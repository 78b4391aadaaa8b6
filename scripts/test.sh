#!/usr/bin/env bash
# The second README command: installs what the tests need, then runs every suite (typecheck,
# unit and server tests, the built site in a real Chromium) and ends with one line
# 'N passed, N failed' summing them all. Exit code 0 only when nothing failed: each runner's exit
# code is kept beside its report (<report>.exitcode), so a suite that failed outside its tests
# (a beforeAll, a crash, a global setup) counts as failed too (scripts/testReports.mjs).
#
# Two cores, so two lanes at a time (the README's "Tests" says why this order):
#   1. server:  the server's vitest (most of its time waits on real video, sockets and PostgreSQL)
#      checks:  node --test, tsc in every package, import boundaries, the front-end vitest (one
#               run of six projects), the production build, mf-cli's vitest, the byte budgets
#   2. the Playwright journeys: E2E_LANES Playwright processes (default 1), each with its own
#      server and database. Chromium is CPU-bound: on 2 cores two lanes measured slower than one
#      (load 14, journeys near their timeouts), so two lanes are for bigger machines.
# Every step's time is printed at the end beside its budget (scripts/test-budgets.json), with the
# ten slowest test files.
source "$(dirname "$0")/lib.sh"
RUN_STARTED_MS=$(date +%s%3N)
ensure_pnpm
ensure_node
REPORTS="$REPO_ROOT/.reports"
rm -rf "$REPORTS" && mkdir -p "$REPORTS"
STEPS="$REPORTS/steps.tsv"
record_step "node and pnpm" setup "$RUN_STARTED_MS"
timed "install (pnpm)" setup install_dependencies

debian_packages() {
  # ffmpeg: the live-room tests push a real test stream to the ingest and make HLS from it.
  # nginx: the edge's config (deploy/nginx) runs in front of a node (no service is started: the
  # tests run their own nginx on a free port as the current user).
  ensure_debian_packages chromium:chromium ffmpeg:ffmpeg nginx:nginx
  # GStreamer: a second RTMP encoder (rtmp2sink in -bad, x264enc in -ugly) for the encoder tests. A
  # plugin has no binary to look for: gst-inspect tells whether the pushes' elements are there. An
  # install that fails does not stop the run: those tests print why they skip.
  if ! gst-inspect-1.0 --exists rtmp2sink 2>/dev/null || ! gst-inspect-1.0 --exists x264enc 2>/dev/null; then
    (ensure_debian_packages gst-launch-1.0:gstreamer1.0-tools rtmp2sink:gstreamer1.0-plugins-bad \
      flvmux:gstreamer1.0-plugins-good x264enc:gstreamer1.0-plugins-ugly) \
      || echo "GStreamer could not be installed: the GStreamer push tests will skip"
  fi
}
timed "Debian packages" setup debian_packages
cd "$REPO_ROOT"
set +e

# bench is typechecked (its benchmarks import the server through @sports/server/bench, so a change
# in the server that breaks one fails here) but has no test suite of its own.
PACKAGES=(shared host mf-live mf-scores mf-community mf-member server tools/mf-cli e2e bench)

# Keeps a runner's exit code beside its report: record_exit <report name> $?.
record_exit() { echo "$2" > "$REPORTS/$1.exitcode"; }

# tsc --noEmit in one package, counted as one test: typecheck_package <package>.
typecheck_package() {
  # Reports are named after a package's last path segment: tools/mf-cli → typecheck-mf-cli.
  local package="$1" output
  if output="$(cd "$package" && pnpm exec tsc --noEmit -p tsconfig.json 2>&1)"; then
    echo "typecheck $package: clean"; echo '{"passed":1,"failed":0}' > "$REPORTS/typecheck-${package##*/}.count.json"
  else
    printf '%s\n' "$output"
    echo "typecheck $package: FAILED"; echo '{"passed":0,"failed":1}' > "$REPORTS/typecheck-${package##*/}.count.json"
  fi
}

# The server's vitest. Its workers (SERVER_TEST_WORKERS, server/vitest.config.ts) are sized to
# the waiting its files do, not to the cores.
lane_server() {
  (cd server && pnpm exec vitest run --reporter=default --reporter=json --outputFile="$REPORTS/vitest-server.json")
  record_exit vitest-server $?
}

# node --test on the test run's own machinery: the summarizer, the boundaries check's rules, the
# Playwright server start and lanes, the journeys' imports, the build's plugins (a small real build).
node_tests() {
  node --test --test-concurrency=2 --test-reporter=spec --test-reporter-destination=stdout \
    --test-reporter=tap --test-reporter-destination="$REPORTS/node-test-scripts.tap" "${NODE_TEST_FILES[@]}"
  record_exit node-test-scripts $?
}

# tsc is one process per package: two at a time.
typecheck_all() {
  export REPORTS
  export -f typecheck_package
  printf '%s\n' "${PACKAGES[@]}" | xargs -P 2 -I{} bash -c 'typecheck_package "$1"' _ {}
}

# The package rules of .dependency-cruiser.cjs (remotes import no other remote nor host/server,
# shared imports no app, no relative path past a package's exports): a violating import fails here.
boundaries() {
  if node scripts/check-boundaries.mjs; then
    echo '{"passed":1,"failed":0}' > "$REPORTS/boundaries.count.json"
  else
    echo '{"passed":0,"failed":1}' > "$REPORTS/boundaries.count.json"
  fi
}

# The six front-end packages in one vitest run (vitest.config.ts at the root: a project each).
frontend_tests() {
  pnpm exec vitest run --reporter=default --reporter=json --outputFile="$REPORTS/vitest-frontend.json"
  record_exit vitest-frontend $?
}

build() {
  build_site || echo '{"passed":0,"failed":1,"note":"site build failed"}' > "$REPORTS/build.count.json"
}

# Uses the built site: its integration test publishes a copy of mf-member/dist to a real server.
mf_cli_tests() {
  (cd tools/mf-cli && pnpm exec vitest run --reporter=default --reporter=json --outputFile="$REPORTS/vitest-mf-cli.json")
  record_exit vitest-mf-cli $?
}

# Deterministic (no browser, no clock): the compressed bytes the first visit to #/main loads, read
# from the built files, against e2e/bench/budgets.json; a broken budget names the file that grew.
byte_budgets() {
  node --test --test-reporter=spec --test-reporter-destination=stdout \
    --test-reporter=tap --test-reporter-destination="$REPORTS/node-test-budgets.tap" e2e/bench/firstVisitBudgets.test.mjs
  record_exit node-test-budgets $?
}

lane_checks() {
  timed "node --test" checks node_tests
  timed "typecheck (tsc, ${#PACKAGES[@]} packages)" checks typecheck_all
  timed "import boundaries" checks boundaries
  timed "vitest front-end (6 projects)" checks frontend_tests
  timed "build (webpack)" checks build
  timed "vitest mf-cli" checks mf_cli_tests
  timed "byte budgets" checks byte_budgets
}

step "Server tests and the checks lane, side by side (each line says its lane)"
(timed "vitest server" server lane_server 2>&1 | prefix_lines server) &
SERVER_LANE=$!
(lane_checks 2>&1 | prefix_lines checks) &
CHECKS_LANE=$!
wait "$CHECKS_LANE" "$SERVER_LANE"

export E2E_LANES="${E2E_LANES:-1}"
step "Browser tests (Playwright in Debian Chromium against the real server, $E2E_LANES lane(s))"
# E2E_LANES Playwright processes, each with its own server, database and ports (e2e/runLanes.mjs
# splits the specs by their measured seconds, e2e/lanes/specSeconds.json); a report and exit code
# each (playwright-<lane>.json), which the summary expects.
journeys() { (cd e2e && node runLanes.mjs "$REPORTS" "$E2E_LANES"); }
timed "playwright" journeys journeys
# What a failed journey's page showed when it failed (Playwright's error-context.md, kept in the
# lane's output folder, which runLanes.mjs names in playwright-<lane>.outputdir): CI keeps only
# this output, so the page's state is printed here, bounded.
for outputdir in "$REPORTS"/playwright-*.outputdir; do
  [ -f "$outputdir" ] || continue
  for context in "e2e/$(cat "$outputdir")"/*/error-context.md; do
    [ -f "$context" ] || continue
    echo "── the page when it failed: ${context#e2e/test-results/}"
    sed -n '/^# Page snapshot/,$p' "$context" | head -n 150
  done
done

record_step "whole run" total "$RUN_STARTED_MS"
set -e
node "$REPO_ROOT/scripts/summarize-tests.mjs" "$REPORTS"
