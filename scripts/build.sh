#!/usr/bin/env bash
# Builds the host and the four remotes into their dist/ folders.
source "$(dirname "$0")/lib.sh"
ensure_pnpm
ensure_node
install_dependencies
build_site
