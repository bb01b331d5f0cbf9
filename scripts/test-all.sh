#!/usr/bin/env bash
# README command 2 (`npm test`) and CI (.ci/run): installs what the tests need on a fresh Debian machine,
# then runs every suite: types, lint, build, vitest (unit + integration on PGlite and PostgreSQL 15, with a
# real Secret Service), and Playwright in Debian's Chromium against the served web build.
set -euo pipefail
cd "$(dirname "$0")/.."
export ELECTRON_SKIP_BINARY_DOWNLOAD=1

# System packages: Chromium (e2e), PostgreSQL 15 (migrations on the server hosted Supabase runs),
# gnome-keyring + dbus (the real keychain), espeak-ng + lame (only to re-make the demo recordings).
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
command -v gnome-keyring-daemon >/dev/null || need+=(gnome-keyring)
command -v dbus-run-session >/dev/null || need+=(dbus)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then echo "Faltan paquetes del sistema: ${need[*]} (instálalos con apt-get como root)"; exit 1; fi
  echo "Instalando paquetes del sistema: ${need[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

# npm packages, exactly as locked.
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi

mkdir -p test-results
rm -f test-results/*.status test-results/vitest.json test-results/e2e.json
echo "== Tipos y lint"
npx tsc --noEmit -p tsconfig.json
npx eslint .

echo "== Compilación (electron-vite: main, preload, renderer)"
npx electron-vite build >/dev/null

echo "== vitest y Playwright, dentro de una sesión dbus con un llavero real (gnome-keyring)"
# One throwaway HOME and keyring for both runners: the served app of the e2e tests keeps its webhook
# credentials in the same real Secret Service the vault tests use.
keyring_home=$(mktemp -d)
set +e
HOME="$keyring_home" dbus-run-session -- bash -c '
  echo -n pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1
  npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
  echo $? > test-results/vitest.status
  echo "== Playwright (Chromium de Debian contra la versión web servida)"
  CI=1 npx playwright test --output=test-results/e2e-artifacts
  echo $? > test-results/e2e.status
'
set -e
rm -rf "$keyring_home"
vitest_status=$(cat test-results/vitest.status 2>/dev/null || echo 1)
e2e_status=$(cat test-results/e2e.status 2>/dev/null || echo 1)

node scripts/test-summary.mjs test-results/vitest.json test-results/e2e.json
[ "$vitest_status" -eq 0 ] && [ "$e2e_status" -eq 0 ]
