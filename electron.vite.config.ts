import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { rendererConfig } from './vite.renderer';
import {
  CARPETA_PLANTILLA,
  CARPETA_PLANTILLA_DEMO,
  CARPETA_PLANTILLA_VACIA,
  claveDeMigraciones,
  claveDePglite,
  copiarPlantillaVacia,
  crearPlantilla,
  crearPlantillaVacia,
} from './src/main/motores/embebido/plantilla';
import { openPgliteInProcess } from './src/main/motores/embebido/pglite-client';
import { seedDemoData } from './src/main/motores/embebido/seed';

/** The identity of the demo seed's sources (code, data files, recordings): a cached demo template is only reused for the same. */
function claveDeLaSiembra(): string {
  const hash = createHash('sha256');
  const carpetas = [resolve(__dirname, 'src/main/motores/embebido/seed'), resolve(__dirname, 'resources/demo-audio')];
  const archivos = [resolve(__dirname, 'src/main/motores/embebido/seed.ts')];
  for (const carpeta of carpetas) {
    if (!existsSync(carpeta)) continue;
    for (const nombre of readdirSync(carpeta, { recursive: true, encoding: 'utf8' }).sort()) {
      const ruta = join(carpeta, nombre);
      if (statSync(ruta).isFile()) archivos.push(ruta);
    }
  }
  for (const ruta of archivos) hash.update(`${ruta.slice(__dirname.length)}\n`).update(readFileSync(ruta));
  return hash.digest('hex');
}

/**
 * out/main/plantilla-base: the migrated database a new data folder starts from (plantilla.ts), and
 * out/main/plantilla-demo: the same with the demo data; out/main/plantilla-vacia: the bare cluster any other new
 * cluster is copied from (the two others start from it too). Each made once per set of migrations (and demo
 * seed, and PGlite version) in node_modules/.cache (a build empties out/), then copied in.
 */
function plantillaBase(): Plugin {
  return {
    name: 'consola-plantilla-base',
    apply: 'build',
    async closeBundle() {
      const options = { supabaseDir: resolve(__dirname, 'supabase'), embedded: true };
      const clave = (await claveDeMigraciones(options)).slice(0, 16);
      const cacheDir = resolve(__dirname, 'node_modules', '.cache', 'consola');
      const vacia = join(cacheDir, `${CARPETA_PLANTILLA_VACIA}-${claveDePglite().replace(/\W+/g, '-')}`);
      const abrir = (dataDir: string) => {
        copiarPlantillaVacia(dataDir, vacia);
        return openPgliteInProcess(dataDir);
      };
      const base = join(cacheDir, `${CARPETA_PLANTILLA}-${clave}`);
      const demo = join(cacheDir, `${CARPETA_PLANTILLA_DEMO}-${clave}-${claveDeLaSiembra().slice(0, 16)}`);
      // In this order: the two others start from the bare cluster.
      const plantillas = [
        { carpeta: CARPETA_PLANTILLA_VACIA, cache: vacia, crear: () => crearPlantillaVacia(vacia, (dataDir) => openPgliteInProcess(dataDir)) },
        { carpeta: CARPETA_PLANTILLA, cache: base, crear: () => crearPlantilla(base, options, abrir) },
        { carpeta: CARPETA_PLANTILLA_DEMO, cache: demo, crear: () => crearPlantilla(demo, options, abrir, (db, referencia) => seedDemoData(db, { now: referencia })) },
      ];
      for (const { carpeta, cache, crear } of plantillas) {
        await crear();
        const destino = resolve(__dirname, 'out', 'main', carpeta);
        rmSync(destino, { recursive: true, force: true });
        cpSync(cache, destino, { recursive: true });
      }
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
          'pglite-worker': resolve(__dirname, 'src/main/motores/embebido/pglite-worker.ts'),
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
