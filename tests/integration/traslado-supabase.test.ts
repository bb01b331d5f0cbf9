/**
 * 'Mover a Supabase' onto a local Supabase project (tests/support/supabase-local.ts: the real PostgREST 12 on
 * PostgreSQL 15 prepared as a project, every migration pushed, Auth and Storage stand-ins), with the check the
 * screen runs ('Probar conexión' against the real server, not a stub): the embedded data and the marketing
 * agent's documents of this computer end up in the project, and after the switch an operator signs in to the
 * hosted backend with the password he had and downloads the moved document from the bucket.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEmbeddedBackend, type EmbeddedBackend } from '../../src/main/motores/embebido/open-embedded';
import { crearBackendAlojado } from '../../src/main/motores/alojado/open-hosted';
import { crearAjustesJson } from '../../src/main/ajustes/json-settings';
import { crearBoveda } from '../../src/main/secretos/vault';
import { crearActividades } from '../../src/main/datos/actividades';
import { crearServicioTraslado } from '../../src/main/traslado/servicio';
import { CUENTA_CLAVE_SERVICIO_TRASLADO } from '../../src/main/traslado/estado';
import { crearApi } from '../../src/shared/api';
import { crearDespachador, type Implementations } from '../../src/main/dispatch';
import { es } from '../../src/shared/i18n/es';
import { Caller } from '../support/operators';
import { clearService, storedPassword, testService } from '../support/keychain';
import { startSupabaseLocal, type SupabaseLocal } from '../support/supabase-local';

const t = es.datos.traslado;
const SERVICIO = testService('traslado-supabase');
const ADMIN = { email: 'admin@traslado.co', nombre: 'Admin Traslado', password: 'Contraseña-Admin-Traslado-1' };
/** A PDF-looking document with every byte value in it. */
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(Array.from({ length: 256 }, (_, i) => i)), Buffer.from('\n%%EOF')]);

let supabase: SupabaseLocal;
let dataDir: string;
let fuente: EmbeddedBackend | null = null;

beforeAll(async () => {
  supabase = await startSupabaseLocal({ clusterUrl: inject('pgUrl') });
  dataDir = mkdtempSync(join(tmpdir(), 'consola-traslado-supabase-'));
});
afterAll(async () => {
  await fuente?.cerrar();
  await clearService(SERVICIO);
  await supabase?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('Mover a Supabase, contra el PostgREST real', () => {
  it('copia los datos y sube los documentos de marketing; en Supabase el operador entra y descarga su documento', async () => {
    fuente = await openEmbeddedBackend({ dataDir, seedDemoData: false });
    const adminId = await fuente.backend.auth.createUser!({ email: ADMIN.email, nombre: ADMIN.nombre, password: ADMIN.password });
    // A saved analysis with its document, as the embedded backend keeps them: the row, and the file in the
    // data folder's storage at the row's path.
    const ruta = `${adminId}/1764000000000_Brief_Faro.pdf`;
    const { rows } = await fuente.db.query<{ id: number | string }>(
      `insert into public.agente_marketing (nombre_archivo_url, dominio_extraido, contenido, archivo_storage_path, archivo_original_name)
       values ('Brief Faro.pdf', 'faro.co', 'Resumen', $1, 'Brief Faro.pdf') returning id`,
      [ruta],
    );
    const registro = Number(rows[0]!.id);
    mkdirSync(join(dataDir, 'archivos', 'agente-marketing-files', adminId), { recursive: true });
    writeFileSync(join(dataDir, 'archivos', 'agente-marketing-files', ...ruta.split('/')), PDF);

    const settings = crearAjustesJson(join(dataDir, 'settings.json'));
    const actividades = crearActividades(() => undefined);
    let reabierto = false;
    const servicio = crearServicioTraslado({
      dataDir,
      settings,
      secretos: crearBoveda(SERVICIO),
      log: () => undefined,
      actividades,
      now: () => new Date(),
      version: '0.1.0',
      base: () => fuente?.db ?? null,
      reabrir: async () => {
        reabierto = true;
        await fuente?.cerrar();
        fuente = null;
      },
    });
    expect(await servicio.estado()).toMatchObject({ documentos: 1, claveServicioGuardada: false });

    await servicio.iniciar({ supabaseUrl: supabase.url, anonKey: supabase.anonKey, conexionBase: supabase.databaseUrl, claveServicio: supabase.serviceKey });
    await actividades.esperar();
    const fin = actividades.actual()!;
    expect(fin.estado, fin.mensaje ?? undefined).toBe('terminado');
    expect(fin.mensaje).toContain(t.archivosCopiados(1).trim());
    expect(reabierto).toBe(true);
    // The service_role key left the keychain with the connection string.
    expect(await storedPassword(SERVICIO, CUENTA_CLAVE_SERVICIO_TRASLADO)).toBeNull();
    // The upload went to Storage with the service key, at the row's path.
    expect(supabase.requests.filter((r) => r.path.startsWith('/storage/v1/')).map((r) => [r.method, r.path, r.clave, r.status])).toEqual([
      ['POST', `/storage/v1/object/agente-marketing-files/${ruta}`, 'service', 200],
    ]);

    // The app now runs on the project: the operator signs in with the password he had and downloads the file.
    const dispatch = crearDespachador(crearApi(crearBackendAlojado({ url: supabase.url, anonKey: supabase.anonKey }, crearBoveda(SERVICIO))) as unknown as Implementations);
    const caller = new Caller();
    expect(await dispatch('auth', 'iniciarSesion', { email: ADMIN.email, password: ADMIN.password }, caller)).toMatchObject({ ok: true, data: { id: adminId } });
    const descarga = await dispatch('marketing', 'descargarArchivo', { id: registro }, caller);
    expect(descarga).toMatchObject({ ok: true, data: { nombre: 'Brief Faro.pdf', tipo: 'application/pdf' } });
    expect(Buffer.from((descarga as { data: { contenidoBase64: string } }).data.contenidoBase64, 'base64')).toEqual(PDF);
    await dispatch('auth', 'cerrarSesion', {}, caller);
  });
});
