#!/usr/bin/env bash
# Runs every check: formatting, lints, type checks, the web tests, the browser journeys against the
# release binary, and cargo test (last, so its summary closes the run).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

need_toolchains
need_openssl
need_chromium
need_redis
need_postgres
need_moto
step "rustfmt"
cargo fmt --all -- --check
step "clippy"
cargo clippy --workspace --all-targets --locked -- -D warnings
build_web
step "web: typecheck, lint, unit tests, first-load size"
(cd web && npm run typecheck && npm run lint && npm test && npm run size)
step "building the quire binary (release)"
cargo build --release --workspace --locked
step "browser journeys"
(cd e2e && npm ci --no-audit --no-fund && QUIRE_BIN="$CARGO_TARGET_DIR/release/quire" npm test)
step "cargo test"
cargo test --workspace --locked
