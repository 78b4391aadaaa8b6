# Helpers the start and test commands share. Each step says what it does, and what to do
# when it fails.
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PNPM_VERSION="12.21.0"

step() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }
fail() { printf '\n\033[31mError:\033[0m %s\n' "$*" >&2; exit 1; }

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

# Host and remotes, two at a time (two cores): each remote is its own webpack build.
build_site() {
  step "Building the host and the four remotes (webpack, production)"
  cd "$REPO_ROOT"
  pnpm -r --workspace-concurrency=2 --filter ./host --filter './mf-*' run build
}
