#!/usr/bin/env bash
# Builds everything (web app, then the quire binary that embeds it) and serves the example site.
# Usage: bash scripts/run.sh [--port N] [--host ADDR]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

need_toolchains
need_openssl
build_web
step "building the quire binary (release)"
cargo build --release --workspace --locked
step "serving examples/blog"
exec "$CARGO_TARGET_DIR/release/quire" serve --root examples/blog "$@"
