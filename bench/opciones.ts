/**
 * The bench's command line: `--escala N` (or BENCH_ESCALA) multiplies the clients and calls of the scale rows;
 * `--partes a,b` (or BENCH_PARTES) runs only those parts. A wrong value stops the run with a clear message
 * rather than measuring something else than what was asked.
 */
export const PARTES = ['arranque', 'busqueda', 'llamadas', 'lazo', 'metricas', 'bots', 'copias', 'portal'] as const;
export type Parte = (typeof PARTES)[number];

function valor(args: readonly string[], nombre: string): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === `--${nombre}`) return args[i + 1];
    if (a.startsWith(`--${nombre}=`)) return a.slice(nombre.length + 3);
  }
  return undefined;
}

export interface OpcionesBench {
  escala: number;
  partes: Set<Parte>;
  /** `--datos <carpeta>` (or BENCH_DATOS): the scaled database lives there and is kept, so a second run skips the load. */
  datos?: string;
}

export function opcionesBench(args: readonly string[], env: NodeJS.ProcessEnv): OpcionesBench {
  const textoEscala = valor(args, 'escala') ?? env.BENCH_ESCALA ?? '1';
  const escala = Number(textoEscala);
  if (!Number.isFinite(escala) || escala <= 0 || escala > 100) throw new Error(`--escala debe ser un número entre 0 y 100 (se recibió «${textoEscala}»)`);
  const datos = valor(args, 'datos') ?? env.BENCH_DATOS;
  const textoPartes = valor(args, 'partes') ?? env.BENCH_PARTES;
  if (!textoPartes) return { escala, partes: new Set(PARTES), ...(datos ? { datos } : {}) };
  const partes = new Set<Parte>();
  for (const p of textoPartes.split(',').map((x) => x.trim()).filter(Boolean)) {
    if (!(PARTES as readonly string[]).includes(p)) throw new Error(`parte desconocida «${p}»; las partes son: ${PARTES.join(', ')}`);
    partes.add(p as Parte);
  }
  return { escala, partes, ...(datos ? { datos } : {}) };
}
