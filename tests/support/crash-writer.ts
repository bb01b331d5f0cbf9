/**
 * Child process for the crash test: opens the embedded backend on the given folder and commits rows as
 * fast as it can, printing each committed id, until it is killed.
 */
import { openEmbeddedBackend } from '../../src/main/motores/embebido/open-embedded';

const dataDir = process.argv[2]!;
const embedded = await openEmbeddedBackend({ dataDir, seedDemoData: false });
process.stdout.write('ready\n');
for (let i = 0; ; i++) {
  const { rows } = await embedded.db.transaction(async (tx) => {
    await tx.query('insert into campanas (nombre, minutos) values ($1, $2)', [`Crash ${i}`, i % 500]);
    return tx.query<{ id: number }>('select max(id)::int as id from campanas');
  });
  process.stdout.write(`committed ${rows[0]!.id}\n`);
}
