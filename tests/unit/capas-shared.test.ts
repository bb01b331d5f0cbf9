/**
 * Issue 26 item 10: src/shared is layered, and imports run down the layers. A "folder arrow" is a distinct pair
 * (folder A, folder B), A ≠ B, such that some file in A imports (value or type-only, import or export-from) a file
 * in B. A file's folder is its path under src/shared cut to two segments: `areas/llamadas`, `ports`,
 * `consultas`; a file directly in src/shared (errors.ts, textos.ts) is in `.`. An arrow runs back up when A's
 * layer is below B's in CAPAS. The order and the budget are written in docs/ARCHITECTURE.md ("Layers of
 * src/shared"); a change that adds an upward arrow either moves code down or raises the budget there, on purpose.
 */
import { relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { files, importsDe } from '../support/grafo-imports';

const SHARED = resolve(__dirname, '../../src/shared');

/** Bottom to top. An area not listed sits at `areas/*`, above the listed ones. */
export const CAPAS = [
  '.', // errors.ts, textos.ts (the texts every area uses)
  'domain',
  'ports',
  'consultas',
  'operaciones', // what every operation is written with: op(), envelope, campos, conMensaje, sessions, types
  'areas/auditoria',
  'areas/seguridad',
  'areas/auth',
  'areas/configuracion',
  'areas/conexion',
  'areas/datos',
  'areas/operadores',
  'areas/jobs',
  'areas/bots',
  'areas/servicios',
  'areas/proyectos',
  'areas/empresas',
  'areas/planes',
  'areas/metricas',
  'areas/llamadas',
  'areas/shell',
  'areas/mensajes',
  'areas/portal',
  'areas/whatsapp-resumen',
  'areas/marketing',
  'areas/*',
  'contract', // the contract: every area's operations, gathered
  'api', // createApi: every area's implementation, gathered
  'i18n', // es: every text, gathered for the screens
];

export const PRESUPUESTO_FLECHAS_HACIA_ARRIBA = 10;

function carpeta(file: string): string {
  const parts = relative(SHARED, file).split(sep).slice(0, -1);
  return parts.length === 0 ? '.' : parts.slice(0, 2).join('/');
}

function capa(folder: string): number {
  const exact = CAPAS.indexOf(folder);
  if (exact >= 0) return exact;
  if (folder.startsWith('areas/')) return CAPAS.indexOf('areas/*');
  return -1;
}

/** Every folder arrow of src/shared, with one example import for each. */
export function flechas(): Map<string, string> {
  const arrows = new Map<string, string>();
  for (const file of files(SHARED)) {
    for (const target of importsDe(file)) {
      if (!target.startsWith(SHARED + sep)) continue;
      const [a, b] = [carpeta(file), carpeta(target)];
      if (a !== b && !arrows.has(`${a} → ${b}`)) arrows.set(`${a} → ${b}`, `${relative(SHARED, file)} → ${relative(SHARED, target)}`);
    }
  }
  return arrows;
}

describe('src/shared: imports run down the layers', () => {
  const arrows = flechas();

  it('every folder of src/shared has a layer', () => {
    const sinCapa = [...new Set(files(SHARED).map(carpeta))].filter((f) => capa(f) < 0);
    expect(sinCapa, 'add the folder to CAPAS (and to ARCHITECTURE.md)').toEqual([]);
  });

  it(`at most ${PRESUPUESTO_FLECHAS_HACIA_ARRIBA} folder arrows run back up`, () => {
    const haciaArriba = [...arrows]
      .filter(([pair]) => {
        const [a, b] = pair.split(' → ') as [string, string];
        return capa(a) < capa(b);
      })
      .map(([pair, example]) => `${pair}   (${example})`)
      .sort();
    expect(arrows.size).toBeGreaterThan(50); // the graph was really read
    expect(haciaArriba.length, `upward arrows:\n${haciaArriba.join('\n')}`).toBeLessThanOrEqual(PRESUPUESTO_FLECHAS_HACIA_ARRIBA);
  });
});
