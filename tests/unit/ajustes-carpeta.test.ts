/**
 * One settings file per data folder (issue 26 §6): a folder the served build used before keeps its settings in
 * ajustes.json, the old settings.json is gone, and no secret ever reaches the new file or the log.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { abrirAjustesDeCarpeta, unirAjustesAntiguos } from '../../src/main/ajustes/ajustes-carpeta';
import { crearAjustesJson } from '../../src/main/ajustes/json-settings';
import { SERVIDOR_WEB_SETTINGS_KEY } from '../../src/shared/domain/servidor-web';
import { ENTRADA_SETTINGS_KEY } from '../../src/shared/areas/conexion/entrada';

let carpeta: string;
beforeEach(() => {
  carpeta = mkdtempSync(join(tmpdir(), 'ajustes-carpeta-'));
});
afterEach(() => rmSync(carpeta, { recursive: true, force: true }));

/** What a served build of an earlier version wrote in its data folder. */
const ANTIGUOS = {
  [SERVIDOR_WEB_SETTINGS_KEY]: { activo: true, nombres: ['portal.agencia.co'], proxiesConfiables: ['10.0.0.5'] },
  [ENTRADA_SETTINGS_KEY]: { activa: true, direccion: '127.0.0.1', puerto: 5181 },
  conexion: { backend: 'hosted', supabaseUrl: 'https://abc.supabase.co' },
};

describe('ajustes.json, one file per data folder', () => {
  it('a folder with the old settings.json keeps every setting after the first start, in ajustes.json only', () => {
    writeFileSync(join(carpeta, 'settings.json'), JSON.stringify(ANTIGUOS));
    const lineas: string[] = [];
    const ajustes = abrirAjustesDeCarpeta(carpeta, (l) => lineas.push(l));

    expect(ajustes.get(SERVIDOR_WEB_SETTINGS_KEY)).toEqual(ANTIGUOS.servidorWeb);
    expect(ajustes.get(ENTRADA_SETTINGS_KEY)).toEqual(ANTIGUOS.entrada);
    expect(ajustes.get('conexion')).toEqual(ANTIGUOS.conexion);
    expect(readdirSync(carpeta)).toEqual(['ajustes.json']);
    expect(lineas).toEqual(['Los ajustes de settings.json pasaron a ajustes.json (3 ajustes); settings.json se eliminó.']);

    // The next start reads the same settings from ajustes.json alone.
    const otraVez = abrirAjustesDeCarpeta(carpeta, (l) => lineas.push(l));
    expect(otraVez.get('conexion')).toEqual(ANTIGUOS.conexion);
    expect(lineas).toHaveLength(1);
  });

  it('when both files exist, ajustes.json keeps its values and gains the keys only settings.json had', () => {
    crearAjustesJson(join(carpeta, 'ajustes.json')).set('conexion', { backend: 'embedded' });
    writeFileSync(join(carpeta, 'settings.json'), JSON.stringify(ANTIGUOS));
    const ajustes = crearAjustesJson(join(carpeta, 'ajustes.json'));

    expect(unirAjustesAntiguos(carpeta, ajustes)).toEqual({ copiadas: ['servidorWeb', 'entrada'], conservadas: ['conexion'], descartadas: [] });
    const enDisco = crearAjustesJson(join(carpeta, 'ajustes.json'));
    expect(enDisco.get('conexion')).toEqual({ backend: 'embedded' });
    expect(enDisco.get(SERVIDOR_WEB_SETTINGS_KEY)).toEqual(ANTIGUOS.servidorWeb);
    expect(existsSync(join(carpeta, 'settings.json'))).toBe(false);
  });

  it('a secret someone wrote by hand in settings.json is not copied, is named in the log without its value, and the old file goes', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.c2VjcmV0by1kZS1wcnVlYmEtZmlybWE';
    writeFileSync(join(carpeta, 'settings.json'), JSON.stringify({ tema: 'oscuro', supabaseAnonKey: jwt, webhooks: { citas: { url: 'https://n8n.local/x', token: 'abc123secreto' } } }));
    const lineas: string[] = [];
    const ajustes = abrirAjustesDeCarpeta(carpeta, (l) => lineas.push(l));

    expect(ajustes.get('tema')).toBe('oscuro');
    expect(ajustes.get('supabaseAnonKey')).toBeUndefined();
    expect(ajustes.get('webhooks')).toBeUndefined();
    const archivo = readFileSync(join(carpeta, 'ajustes.json'), 'utf8');
    expect(archivo).not.toContain(jwt);
    expect(archivo).not.toContain('abc123secreto');
    expect(readdirSync(carpeta)).toEqual(['ajustes.json']);
    expect(lineas.join('\n')).toContain('"supabaseAnonKey"');
    expect(lineas.join('\n')).toContain('"webhooks"');
    expect(lineas.join('\n')).not.toContain(jwt);
    expect(lineas.join('\n')).not.toContain('abc123secreto');
  });

  it('a damaged settings.json is kept as settings.json.bak and the folder still opens', () => {
    writeFileSync(join(carpeta, 'settings.json'), '{"servidorWeb": {"activo": tr');
    const lineas: string[] = [];
    const ajustes = abrirAjustesDeCarpeta(carpeta, (l) => lineas.push(l));

    expect(ajustes.get(SERVIDOR_WEB_SETTINGS_KEY)).toBeUndefined();
    expect(readdirSync(carpeta).sort()).toEqual(['settings.json.bak']);
    expect(lineas).toEqual(['El archivo settings.json estaba dañado; se guardó como settings.json.bak y no se copió nada de él.']);
  });

  it('a folder without the old file is left as it is', () => {
    expect(unirAjustesAntiguos(carpeta, crearAjustesJson(join(carpeta, 'ajustes.json')))).toBeNull();
    expect(readdirSync(carpeta)).toEqual([]);
  });
});
