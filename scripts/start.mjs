#!/usr/bin/env node
/**
 * README command 1 ends here: build, then open the desktop app; where the Electron binary cannot be had
 * (as on machines without it), say so in one line and serve the web build instead.
 * Flags pass through: --data-dir <folder>, --port <n>.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const args = process.argv.slice(2);

// npm runs this from the package root; the packages' bin files are not in their exports maps.
const root = process.cwd();
const build = spawnSync(process.execPath, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) {
  console.error('La compilación falló; revisa los mensajes de arriba.');
  process.exit(build.status ?? 1);
}

/**
 * The electron package fetches its binary on first use (Electron 42+ downloads nothing at install time).
 * Look for it without triggering that, then try the download once, quietly; no binary means "serve".
 */
function electronBinaryPath() {
  const dir = join(root, 'node_modules', 'electron');
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

function findOrFetchElectron() {
  const found = electronBinaryPath();
  if (found || process.env.ELECTRON_SKIP_BINARY_DOWNLOAD === '1') return found;
  const dir = join(root, 'node_modules', 'electron');
  spawnSync(process.execPath, [join(dir, 'install.js')], { stdio: 'ignore', timeout: 180_000 });
  return electronBinaryPath();
}

const electronBinary = findOrFetchElectron();

const child = electronBinary
  ? spawn(electronBinary, ['.', ...args], { stdio: 'inherit' })
  : (console.log('Electron no está disponible en esta máquina: se sirve la versión web en su lugar.'),
    // --v8-pool-size=1: one V8 background thread; idle memory ~55 MB lower (docs/ARCHITECTURE.md, Memory and scale).
    spawn(process.execPath, ['--v8-pool-size=1', 'out/main/serve-cli.js', ...args], { stdio: 'inherit' }));

const forward = (signal) => child.kill(signal);
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
child.on('exit', (code) => process.exit(code ?? 0));
