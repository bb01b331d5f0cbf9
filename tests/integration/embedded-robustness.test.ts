import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEmbeddedBackend, type EmbeddedBackend } from '../../src/main/motores/embebido/open-embedded';
import { es } from '../../src/shared/i18n/es';

const folders: string[] = [];
const open: EmbeddedBackend[] = [];
function tempFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'consola-robustez-'));
  folders.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((b) => b.cerrar()));
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('base de datos embebida', () => {
  it('una sola instancia es dueña de la carpeta; al cerrar limpiamente se puede reabrir', async () => {
    const dataDir = tempFolder();
    const first = await openEmbeddedBackend({ dataDir, seedDemoData: false });
    open.push(first);
    await expect(openEmbeddedBackend({ dataDir, seedDemoData: false })).rejects.toThrow(es.errores.baseDeDatosEnUso(dataDir));
    await first.db.query("insert into campanas (nombre, minutos) values ('Antes de cerrar', 10)");
    await first.cerrar();
    const second = await openEmbeddedBackend({ dataDir, seedDemoData: false });
    open.push(second);
    const { rows } = await second.db.query<{ nombre: string }>('select nombre from campanas');
    expect(rows.map((r) => r.nombre)).toEqual(['Antes de cerrar']);
  }, 240_000);

  it('tras matar el proceso en plena escritura, la base abre y no pierde ninguna fila confirmada', async () => {
    const dataDir = tempFolder();
    const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, '..', 'support', 'crash-writer.ts'), dataDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const committed: number[] = [];
    await new Promise<void>((resolve, reject) => {
      let buffer = '';
      child.stdout.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        for (const line of lines) {
          const m = /^committed (\d+)$/.exec(line);
          if (m) committed.push(Number(m[1]));
          if (committed.length >= 40) {
            child.kill('SIGKILL'); // in the middle of the next write
            resolve();
          }
        }
      });
      child.once('exit', (code) => (committed.length >= 40 ? resolve() : reject(new Error(`el proceso terminó antes (código ${code})`))));
    });
    if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');

    const reopened = await openEmbeddedBackend({ dataDir, seedDemoData: false });
    open.push(reopened);
    const { rows } = await reopened.db.query<{ id: number }>('select id::int as id from campanas order by id');
    const present = new Set(rows.map((r) => r.id));
    expect(committed.length).toBeGreaterThanOrEqual(40);
    expect(committed.filter((id) => !present.has(id))).toEqual([]);
    // And it still takes writes.
    await reopened.db.query("insert into campanas (nombre, minutos) values ('Después del corte', 1)");
  }, 240_000);
});
