import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { rendererConfig } from './vite.renderer';

/**
 * Three bundles: the Node side (Electron main, the HTTP host used without Electron, and the PGlite worker),
 * the sandboxed preload (one CommonJS file: a sandboxed preload cannot load ESM or npm packages), and the
 * renderer (the same bundle the web build serves).
 */
export default defineConfig({
  main: {
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
