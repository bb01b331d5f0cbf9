/** The service catalogue (servicios_disponibles): the five kinds of service a project can have. */
import type { Siembra } from './contexto';
import catalogo from './datos/catalogo.json';
import { daysBefore } from './tiempo';

/** The catalogue entries (datos/catalogo.json), with each kind's default configuration. */
export const CATALOGO = catalogo;

/** The category of each kind of service, as its catalogue entry says. */
export const CATEGORIA_DE: Readonly<Record<string, string>> = Object.fromEntries(CATALOGO.map((s) => [s.tipo, s.categoria]));

/** Inserts the catalogue; a kind the migrations already put there is left as it is. */
export async function seedCatalogo({ tx, nowMs }: Siembra): Promise<void> {
  await tx.query(
    `insert into public.servicios_disponibles
       (nombre, descripcion, tipo, icono, permite_multiple, activo, categoria, configuracion_default, created_at)
     select nombre, descripcion, tipo, icono, permite_multiple, true, categoria, configuracion_default, $2::timestamptz
       from jsonb_to_recordset($1::jsonb) as x(
         nombre text, descripcion text, tipo text, icono text, permite_multiple boolean, categoria text, configuracion_default jsonb)
     on conflict (tipo) do nothing`,
    [JSON.stringify(CATALOGO), daysBefore(nowMs, 200)],
  );
}
