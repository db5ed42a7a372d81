#!/usr/bin/env bash
# Build and package the VS Code extension: editors/vscode/mathlsp-<version>.vsix
# (npm ci when node_modules is missing or older than package-lock.json; then tsc; then vsce).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
VERSION="$(node -p 'require("./package.json").version')"
if [ ! node_modules/.package-lock.json -nt package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
rm -rf out
npx --no-install tsc -p .
npx --no-install vsce package --allow-missing-repository --skip-license --out "mathlsp-$VERSION.vsix" >/dev/null
echo "$(pwd)/mathlsp-$VERSION.vsix"
