import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import type { UserConfig } from 'vite';

/** The renderer build, shared by electron-vite (desktop) and vite.web.config.ts (web build). */
export function rendererConfig(outDir: string): UserConfig {
  return {
    root: resolve(__dirname, 'src/renderer'),
    base: '/',
    // Absolute asset URLs, so deep links (/dashboard/proyectos/metricas) load their scripts over HTTP.
    // electron-vite forces './' for production renderers; the app:// protocol serves '/' just as well.
    plugins: [react(), { name: 'consola:absolute-base', enforce: 'post', config: (config) => void (config.base = '/') }],
    build: {
      outDir: resolve(__dirname, outDir),
      emptyOutDir: true,
      sourcemap: false,
      // .vite/manifest.json: which hashed files each entry and lazy module loads (bench/portal-tamano.ts
      // measures the company portal's first load from it). Not served to anyone by name.
      manifest: true,
      rollupOptions: { input: resolve(__dirname, 'src/renderer/index.html') },
    },
  };
}
