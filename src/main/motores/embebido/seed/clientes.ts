/**
 * The clients of the call campaigns: generated first (the calls are made to them), inserted after the
 * campaigns exist. Realistic Colombian names, unique +57 mobile numbers, e-mails, companies and positions.
 */
import { CAMPANAS } from './campanas';
import { insertBatches, type Siembra } from './contexto';
import { APELLIDOS, CARGOS, DOMINIOS, EMPRESAS_CLIENTES, NOMBRES, slug } from './personas';
import { DAY, MINUTE } from './tiempo';

/** The generated clients, column by column (the INSERT sends each column as one array). */
export interface Clientes {
  nombre: string[];
  /** Index into NOMBRES: the calls' transcripts are rendered once per first name. */
  nombreIdx: number[];
  apellido: string[];
  email: string[];
  telefono: string[];
  empresa: string[];
  cargo: string[];
  /** Index into CAMPANAS. */
  campana: number[];
  creado: number[];
  /** The clients of each campaign, by index. */
  porCampana: number[][];
}

export function generarClientes({ rng, nowMs, escala }: Siembra): Clientes {
  const nClientes = escala.clientes;
  const cli: Clientes = {
    nombre: new Array<string>(nClientes),
    nombreIdx: new Array<number>(nClientes),
    apellido: new Array<string>(nClientes),
    email: new Array<string>(nClientes),
    telefono: new Array<string>(nClientes),
    empresa: new Array<string>(nClientes),
    cargo: new Array<string>(nClientes),
    campana: new Array<number>(nClientes),
    creado: new Array<number>(nClientes),
    porCampana: CAMPANAS.map(() => []),
  };
  const pesos = CAMPANAS.map((c) => c.peso);
  for (let i = 0; i < nClientes; i += 1) {
    const nombreIdx = rng.int(0, NOMBRES.length - 1);
    const nombre = NOMBRES[nombreIdx]!;
    const apellido = `${rng.pick(APELLIDOS)} ${rng.pick(APELLIDOS)}`;
    const empresa = rng.chance(0.85) ? rng.pick(EMPRESAS_CLIENTES) : '';
    const primerApellido = apellido.split(' ')[0]!;
    const dominio = empresa && rng.chance(0.4) ? `${slug(empresa).replace(/_/g, '')}.com.co` : rng.pick(DOMINIOS);
    // Unique phone: the 7-digit part is a permutation of the index (7919 is prime to 9 000 000).
    const local = 1_000_000 + ((i * 7919) % 9_000_000);
    const campana = i < CAMPANAS.length ? i : rng.weighted(pesos);
    cli.nombre[i] = nombre;
    cli.nombreIdx[i] = nombreIdx;
    cli.apellido[i] = apellido;
    cli.email[i] = `${slug(nombre).replace(/_/g, '')}.${slug(primerApellido)}${i % 97 === 0 ? '' : rng.int(1, 99)}@${dominio}`;
    cli.telefono[i] = `+573${String(rng.int(0, 24)).padStart(2, '0')}${local}`;
    cli.empresa[i] = empresa;
    cli.cargo[i] = empresa && rng.chance(0.8) ? rng.pick(CARGOS) : '';
    cli.campana[i] = campana;
    cli.creado[i] = nowMs - rng.int(61, 120) * DAY - rng.int(0, 12 * 60) * MINUTE;
    cli.porCampana[campana]!.push(i);
  }
  return cli;
}

export async function seedClientes({ tx }: Siembra, cli: Clientes, campanaIds: readonly number[]): Promise<void> {
  await insertBatches(cli.nombre.length, async (from, to) => {
    await tx.query(
      `insert into public.clientes (nombre, apellido, email, telefono, empresa, cargo, campana_id, created_at)
       select n, a, e, t, nullif(em, ''), nullif(ca, ''), ($7::bigint[])[k + 1], to_timestamp(c / 1000.0)
         from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $8::int[], $9::float8[])
              with ordinality as x(n, a, e, t, em, ca, k, c, o)
        order by o`,
      [
        cli.nombre.slice(from, to), cli.apellido.slice(from, to), cli.email.slice(from, to), cli.telefono.slice(from, to),
        cli.empresa.slice(from, to), cli.cargo.slice(from, to), campanaIds, cli.campana.slice(from, to), cli.creado.slice(from, to),
      ],
    );
  });
}
