/**
 * The company portal's JavaScript, gzipped, from a web build (`npm run build:web` → dist-web): what a company
 * downloads on its first load of /accesoempresas/{id} (the entry, the portal's own tree and the login screen,
 * with every chunk they import), and the whole portal (its four screens). Read from Vite's manifest, so the
 * numbers follow the real chunk graph. Target: first load under 250 KB gzipped.
 *
 *   npx tsx bench/portal-tamano.ts [dist-web]      (prints the two numbers)
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export interface TamanoPortal {
  /** Gzipped bytes of the JS of the first load (login screen). */
  primeraCarga: number;
  /** Gzipped bytes of the JS of the four portal screens (HTTP/desktop transports; no supabase-js). */
  portalCompleto: number;
  /** Gzipped bytes added by the direct transport (supabase-js, loaded only in a static hosted build). */
  transporteDirecto: number;
  archivos: number;
}

export const OBJETIVO_PORTAL_BYTES = 250 * 1024;

const PANTALLAS = [
  'features/portal/PortalLoginScreen.tsx',
  'features/portal/PortalServiciosScreen.tsx',
  'features/portal/PortalEquipoScreen.tsx',
  'features/portal/PortalConversacionesScreen.tsx',
];

export function tamanoPortal(distDir = resolve('dist-web')): TamanoPortal {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`No hay manifiesto en ${manifestPath}: ejecuta npm run build:web`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;
  const entry = Object.entries(manifest).find(([, c]) => c.isEntry)?.[0];
  if (!entry || !manifest['portal/main-portal.tsx']) throw new Error('El manifiesto no tiene la entrada del portal (portal/main-portal.tsx)');

  const gz = new Map<string, number>();
  const sizeOf = (file: string) => {
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length);
    return gz.get(file)!;
  };
  /** The keys a set of modules loads at once: themselves and their static imports, recursively. */
  const closure = (keys: string[]): Set<string> => {
    const seen = new Set<string>();
    const stack = [...keys];
    while (stack.length) {
      const key = stack.pop()!;
      if (seen.has(key) || !manifest[key]) continue;
      seen.add(key);
      stack.push(...(manifest[key]!.imports ?? []));
    }
    return seen;
  };
  const bytes = (keys: Set<string>) => [...keys].filter((k) => manifest[k]!.file.endsWith('.js')).reduce((n, k) => n + sizeOf(manifest[k]!.file), 0);

  const primera = closure([entry, 'portal/main-portal.tsx', PANTALLAS[0]!]);
  const completo = closure([entry, 'portal/main-portal.tsx', ...PANTALLAS]);
  const conDirecto = closure([entry, 'portal/main-portal.tsx', ...PANTALLAS, 'api/direct-portal.ts']);
  return {
    primeraCarga: bytes(primera),
    portalCompleto: bytes(completo),
    transporteDirecto: bytes(conDirecto) - bytes(completo),
    archivos: [...primera].length,
  };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

if (process.argv[1] && /portal-tamano\.ts$/.test(process.argv[1])) {
  const r = tamanoPortal(process.argv[2] ? resolve(process.argv[2]) : undefined);
  console.log(`portal, primera carga (JS gzip): ${kb(r.primeraCarga)} en ${r.archivos} archivos (objetivo < ${kb(OBJETIVO_PORTAL_BYTES)})`);
  console.log(`portal, las cuatro pantallas (JS gzip): ${kb(r.portalCompleto)}`);
  console.log(`transporte directo (supabase-js, solo en el build estático): +${kb(r.transporteDirecto)}`);
}
