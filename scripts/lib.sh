# Helpers the start and test commands share. Each step says what it does, and what to do
# when it fails.
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PNPM_VERSION="12.21.0"
# The Node.js the project runs on. Its dependencies need 22.12 or later (jotai 3, kysely 0.29,
# dependency-cruiser 18, lighthouse 13 and others declare it); the machines come with Node 20, so
# ensure_node installs this one from the npm registry when the machine's is older.
NODE_VERSION="22.23.5"
NODE_MIN_MAJOR=22

# node --test's files: the test run's own machinery (summarizer, timings, the boundaries check's
# rules, the Playwright server start and lanes, the journeys' imports, the build's plugins). Globs,
# quoted: node expands them itself. scripts/test.sh and `pnpm test:pkg scripts` run the same list.
NODE_TEST_FILES=('scripts/*.test.mjs' 'e2e/*.test.mjs' e2e/bench/firstVisitBytes.test.mjs 'shared/build/*.test.mjs' 'tools/dev-remote/src/*.test.ts')

now_ms() { date +%s%3N; }
# A step's wall time, appended to $STEPS for the closing table (scripts/testTimings.mjs):
# record_step <name> <lane> <started at, ms since the epoch>.
record_step() { printf '%s\t%s\t%s\n' "$1" "$2" "$(( $(now_ms) - $3 ))" >> "$STEPS"; }
# Runs a command and records its time: timed <name> <lane> <command…>; keeps its exit code.
timed() {
  local name="$1" lane="$2" started code=0
  shift 2
  started=$(now_ms)
  "$@" || code=$?
  record_step "$name" "$lane" "$started"
  return "$code"
}
# Prefixes every line with its lane, as it comes: … | prefix_lines server.
prefix_lines() { sed -u "s/^/[$1] /"; }

step() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }
fail() { printf '\n\033[31mError:\033[0m %s\n' "$*" >&2; exit 1; }
warn() { printf '\n\033[33mWarning:\033[0m %s\n' "$*" >&2; }

# pnpm at the version TOOLCHAIN.md verified; installed with npm when missing.
ensure_pnpm() {
  if command -v pnpm >/dev/null 2>&1 && [ "$(pnpm --version 2>/dev/null)" = "$PNPM_VERSION" ]; then
    return
  fi
  step "Installing pnpm $PNPM_VERSION with npm"
  if npm install -g "pnpm@$PNPM_VERSION" >/dev/null 2>&1 && command -v pnpm >/dev/null 2>&1; then
    return
  fi
  # No rights for a global install: run it through npx instead.
  pnpm() { npx --yes "pnpm@$PNPM_VERSION" "$@"; }
  pnpm --version >/dev/null || fail "could not install pnpm $PNPM_VERSION: run 'npm install -g pnpm@$PNPM_VERSION' and try again"
}

# Node.js NODE_VERSION on PATH for the rest of the script when the machine's node is older than
# NODE_MIN_MAJOR: the official build from the npm registry's node-<os>-<arch> package (the one the
# `node` package installs), kept under .tools/ and reused by later runs.
ensure_node() {
  local major
  major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
  [ "$major" -ge "$NODE_MIN_MAJOR" ] && return
  local os arch
  case "$(uname -s)" in Linux) os=linux ;; Darwin) os=darwin ;; *) fail "Node.js $NODE_MIN_MAJOR+ is needed (this machine has $(node --version 2>/dev/null || echo none)): install it, then run again" ;; esac
  case "$(uname -m)" in x86_64|amd64) arch=x64 ;; aarch64|arm64) arch=arm64 ;; *) fail "Node.js $NODE_MIN_MAJOR+ is needed and there is no build for $(uname -m) on the npm registry: install it by hand" ;; esac
  local package="node-$os-$arch" dir="$REPO_ROOT/.tools/node-$NODE_VERSION"
  local bin="$dir/node_modules/$package/bin"
  if [ ! -x "$bin/node" ]; then
    step "Installing Node.js $NODE_VERSION from the npm registry ($package; this machine has $(node --version 2>/dev/null || echo none), the project needs $NODE_MIN_MAJOR+)"
    npm install --no-save --no-package-lock --no-audit --no-fund --loglevel=error --prefix "$dir" "$package@$NODE_VERSION" >/dev/null \
      || fail "could not install $package@$NODE_VERSION from the npm registry: install Node.js $NODE_MIN_MAJOR+ yourself (nodejs.org, nvm), then run again"
  fi
  export PATH="$bin:$PATH"
  node --version >/dev/null || fail "$bin/node does not run: remove $dir and run again"
}

install_dependencies() {
  step "Installing dependencies (pnpm install)"
  cd "$REPO_ROOT"
  if [ "${CI:-}" = "true" ]; then
    pnpm install --frozen-lockfile --reporter=append-only
  else
    pnpm install --reporter=append-only
  fi
}

# Debian packages a run needs (chromium for browser tests); apt-get as root or through sudo.
ensure_debian_packages() {
  local missing=()
  for spec in "$@"; do
    local binary="${spec%%:*}" package="${spec##*:}"
    command -v "$binary" >/dev/null 2>&1 || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return
  step "Installing Debian packages: ${missing[*]}"
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || fail "missing ${missing[*]}: install them with 'apt-get install ${missing[*]}' as root"
    sudo="sudo"
  fi
  $sudo apt-get update -qq || fail "apt-get update failed: check the network, then run 'apt-get install ${missing[*]}'"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null \
    || fail "apt-get install ${missing[*]} failed: install them by hand and run again"
}

# npm start: ffmpeg makes HLS and the demo rooms' video (DEMO_STREAMS). Installed with apt-get when
# missing (as root, through sudo, or asking for sudo's password on a terminal); when that cannot be
# done the site still starts, HTTP-FLV only and no demo video, after saying exactly what to run.
ensure_ffmpeg_for_start() {
  local ffmpeg="${MEDIA_FFMPEG_PATH:-ffmpeg}"
  [ "$ffmpeg" = "off" ] && return 0
  command -v "$ffmpeg" >/dev/null 2>&1 && return 0
  local without="starting without it: no HLS and no demo video (live rooms play over HTTP-FLV only)"
  if [ "$ffmpeg" != "ffmpeg" ]; then
    warn "MEDIA_FFMPEG_PATH=$ffmpeg is not an ffmpeg that runs: fix the path or unset it; $without"
    return 0
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    warn "ffmpeg is not installed and this system has no apt-get: install ffmpeg with its package manager (macOS: 'brew install ffmpeg', Fedora: 'sudo dnf install ffmpeg'), then run npm start again; $without"
    return 0
  fi
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && { sudo -n true 2>/dev/null || [ -t 0 ]; }; then
      sudo="sudo"
    else
      warn "ffmpeg is not installed and installing it needs root: run 'sudo apt-get install -y ffmpeg' (or as root: 'apt-get install -y ffmpeg'), then npm start again; $without"
      return 0
    fi
  fi
  step "Installing ffmpeg with apt-get (HLS and the demo rooms' video need it; once only)"
  if $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq ffmpeg >/dev/null && command -v ffmpeg >/dev/null 2>&1; then
    return 0
  fi
  warn "apt-get install ffmpeg failed (network? package sources?): run '${sudo:+sudo }apt-get update && ${sudo:+sudo }apt-get install -y ffmpeg' by hand, then npm start again; $without"
}

# Host and remotes, two at a time (two cores): each remote is its own webpack build.
build_site() {
  step "Building the host and the four remotes (webpack, production)"
  cd "$REPO_ROOT"
  pnpm -r --workspace-concurrency=2 --filter ./host --filter './mf-*' run build
}
