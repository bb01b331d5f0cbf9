/**
 * Issue 13: no import cycle anywhere in src — not even a type-only one. A cycle between createApi
 * (src/shared/api/index.ts) and the areas it assembles is what made every area's types depend on every
 * other area; areas take their types from src/shared/operaciones/types.ts instead. The graph is built from the
 * files' own import and export-from statements (type-only ones included), as TypeScript reads them.
 */
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { files, importsDe } from '../support/grafo-imports';

const ROOT = resolve(__dirname, '../..');

/** Every module's relative imports (value and type-only alike). */
export function importGraph(dirs: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of dirs.flatMap((d) => files(join(ROOT, d)))) graph.set(file, importsDe(file));
  return graph;
}

/** The strongly connected components with more than one module (Tarjan): each is an import cycle. */
export function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, indices.get(w)!));
      }
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(relative(ROOT, w));
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return found;
}

describe('import cycles', () => {
  it('the graph sees type-only imports (the check would bite)', () => {
    const graph = new Map([
      ['/a.ts', ['/b.ts']],
      ['/b.ts', ['/a.ts']],
    ]);
    expect(cycles(graph)).toHaveLength(1);
    const { importedFiles } = ts.preProcessFile("import type { A } from './a';\nexport type { B } from './b';", true, true);
    expect(importedFiles.map((i) => i.fileName)).toEqual(['./a', './b']);
  });

  it('no module of src is part of an import cycle, type-only ones included', () => {
    expect(cycles(importGraph(['src']))).toEqual([]);
  });
});
