#!/usr/bin/env bash
# The first README command: install, build, and serve the whole site, API, sockets and an
# embedded PostgreSQL with demo data at http://127.0.0.1:${PORT:-8080}/web/.
source "$(dirname "$0")/lib.sh"
ensure_pnpm
ensure_node
# ffmpeg (HLS, demo streams) first: a missing one is said at the top, not lost above the build's output.
ensure_ffmpeg_for_start
install_dependencies
build_site
step "Starting the server on http://${HOST:-127.0.0.1}:${PORT:-8080}/web/ (Ctrl-C stops it)"
cd "$REPO_ROOT/server"
exec pnpm exec tsx src/main.ts
