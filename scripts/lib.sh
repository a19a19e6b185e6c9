# Shared steps of run.sh and check.sh.

# Builds land outside the checkout so a fresh clone (as in CI) reuses earlier builds.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/quire-target}"
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"

step() { printf '\n==> %s\n' "$*"; }

need_toolchains() {
  local missing=()
  command -v cargo >/dev/null || missing+=("cargo (Rust 1.95+)")
  command -v node >/dev/null || missing+=("node (20.19+)")
  command -v npm >/dev/null || missing+=("npm")
  if [ ${#missing[@]} -gt 0 ]; then
    echo "error: missing ${missing[*]}; install them first (see README.md)" >&2
    exit 1
  fi
}

need_openssl() {
  # Passkeys (webauthn-rs) link Debian's OpenSSL.
  if ! pkg-config --exists openssl 2>/dev/null; then
    step "installing Debian's libssl-dev and pkg-config for the build"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libssl-dev pkg-config >/dev/null
  fi
}

need_chromium() {
  if [ ! -x /usr/bin/chromium ]; then
    step "installing Debian's chromium for the browser journeys"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  fi
}

need_redis() {
  if ! command -v redis-server >/dev/null; then
    step "installing Debian's redis-server for the test of servers sharing rooms"
    apt-get update -qq
    # The package's service is not wanted: the test starts its own server on a free port.
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends redis-server >/dev/null
  fi
}

need_postgres() {
  if [ ! -x /usr/lib/postgresql/15/bin/pg_ctl ]; then
    step "installing Debian's postgresql for the cloud's tests on PostgreSQL"
    apt-get update -qq
    # The package's own cluster is not used: the tests start throwaway servers on free ports.
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >/dev/null
  fi
}

# moto's S3 server (PyPI, pinned in scripts/moto-requirements.txt) in a virtual environment of its
# own, for the cloud's tests and journeys on S3-compatible storage.
export QUIRE_MOTO_SERVER="${QUIRE_MOTO_SERVER:-$HOME/.cache/quire-moto/bin/moto_server}"
need_moto() {
  local venv
  venv="$(dirname "$(dirname "$QUIRE_MOTO_SERVER")")"
  if [ ! -x "$QUIRE_MOTO_SERVER" ] || ! cmp -s scripts/moto-requirements.txt "$venv/requirements.txt"; then
    step "installing moto's S3 server for the cloud's tests on S3"
    if ! python3 -c 'import ensurepip, venv' 2>/dev/null; then
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3-venv >/dev/null
    fi
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check -r scripts/moto-requirements.txt
    cp scripts/moto-requirements.txt "$venv/requirements.txt"
  fi
}

build_web() {
  step "web: npm ci and build"
  (cd web && npm ci --no-audit --no-fund && npm run build)
}
