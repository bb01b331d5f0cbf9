/**
 * The module graph of src as TypeScript reads it, for the tests that hold its shape (import-cycles.test.ts: no
 * cycle; capas-shared.test.ts: src/shared's layers): every .ts/.tsx file, and the files each one imports
 * relatively (import and export-from, type-only ones included).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';

export function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The files `file` imports relatively (package imports are left out). */
export function importsDe(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles.map((i) => resolveImport(file, i.fileName)).filter((p): p is string => p !== null);
}
