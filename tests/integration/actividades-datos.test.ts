import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crearActividades } from '../../src/main/datos/actividades';
import { es } from '../../src/shared/i18n/es';
import { Clock } from '../support/operators';

/**
 * The host's data activity (a backup, a restore, a move) is a `Trabajo` of the one engine; its start and end
 * are written beside the data, so the app started again finds the last one — and one it did not live to
 * finish reads 'interrumpido', never 'en_curso'.
 */
describe('la actividad de datos tras un reinicio', () => {
  it('una copia cortada por el cierre se encuentra interrumpida; una terminada, con su mensaje', async () => {
    const archivo = join(mkdtempSync(join(tmpdir(), 'consola-actividad-')), 'actividad-datos.json');
    const clock = new Clock();
    const primera = crearActividades(() => {}, clock.now, archivo);
    let soltar!: () => void;
    const corriendo = primera.iniciar('copia', es.datos.falloCopia, () => new Promise<string>((r) => (soltar = () => r('Copia creada.'))));
    expect(corriendo).toMatchObject({ tipo: 'copia', estado: 'en_curso' });
    await primera.escrito();
    // The process ends here without the copy finishing (a crash: nothing more is written).
    const tras = crearActividades(() => {}, clock.now, archivo);
    expect(tras.actual()).toMatchObject({ id: corriendo.id, tipo: 'copia', estado: 'interrumpido', mensaje: es.trabajos.interrumpido });
    expect(tras.cancelar()).toBe(false);

    const otra = tras.iniciar('copia', es.datos.falloCopia, async () => 'Copia creada: consola.sql');
    await tras.esperar();
    expect(JSON.parse(readFileSync(archivo, 'utf8'))).toMatchObject({ id: otra.id, estado: 'terminado' });
    expect(crearActividades(() => {}, clock.now, archivo).actual()).toMatchObject({ id: otra.id, estado: 'terminado', mensaje: 'Copia creada: consola.sql' });
    soltar();
  });
});
