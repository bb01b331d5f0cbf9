import { cpSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { rendererConfig } from './vite.renderer';
import { CARPETA_PLANTILLA, claveDeMigraciones, crearPlantilla } from './src/main/backends/embedded/plantilla';
import { openPgliteInProcess } from './src/main/backends/embedded/pglite-client';

/**
 * out/main/plantilla-base: the migrated database a new data folder starts from (plantilla.ts). Made once per
 * set of migrations in node_modules/.cache (a build empties out/), then copied in.
 */
function plantillaBase(): Plugin {
  return {
    name: 'consola-plantilla-base',
    apply: 'build',
    async closeBundle() {
      const options = { supabaseDir: resolve(__dirname, 'supabase'), embedded: true };
      const cache = resolve(__dirname, 'node_modules', '.cache', 'consola', `${CARPETA_PLANTILLA}-${(await claveDeMigraciones(options)).slice(0, 16)}`);
      await crearPlantilla(cache, options, (dataDir) => openPgliteInProcess(dataDir));
      const destino = resolve(__dirname, 'out', 'main', CARPETA_PLANTILLA);
      rmSync(destino, { recursive: true, force: true });
      cpSync(cache, destino, { recursive: true });
    },
  };
}

/**
 * Three bundles: the Node side (Electron main, the HTTP host used without Electron, and the PGlite worker),
 * the sandboxed preload (one CommonJS file: a sandboxed preload cannot load ESM or npm packages), and the
 * renderer (the same bundle the web build serves).
 */
export default defineConfig({
  main: {
    plugins: [plantillaBase()],
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          'serve-cli': resolve(__dirname, 'src/main/serve-cli.ts'),
          'pglite-worker': resolve(__dirname, 'src/main/backends/embedded/pglite-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        // One self-contained file: no chunks to require (codeSplitting replaces rollup's inlineDynamicImports).
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
    },
  },
  renderer: rendererConfig('out/renderer'),
});
