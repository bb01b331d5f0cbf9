/** The audit trail's data: the only module that names auditoria_buscar and its columns. */
import type { DataPort } from '../../ports';
import type { FilaAuditoria, FiltrosAuditoria } from './contract';

interface FilaSql {
  id: string | number;
  creado_en: string;
  actor_id: string | null;
  actor_nombre: string | null;
  actor_email: string | null;
  accion: string;
  objeto: string | null;
  detalle: Record<string, unknown> | string | null;
  direccion: string | null;
  total: string | number;
}

export async function buscarAuditoria(
  data: DataPort,
  filtros: FiltrosAuditoria,
  limite: number,
  desplazamiento: number,
): Promise<{ filas: FilaAuditoria[]; total: number }> {
  const { rows } = await data.run<FilaSql>({
    kind: 'rpc',
    fn: 'auditoria_buscar',
    args: {
      p_persona: filtros.persona || null,
      p_accion: filtros.accion || null,
      p_desde: filtros.desde ?? null,
      p_hasta: filtros.hasta ?? null,
      p_limite: limite,
      p_desplazamiento: desplazamiento,
    },
  });
  return {
    total: rows.length > 0 ? Number(rows[0]!.total) : 0,
    filas: rows.map((r) => ({
      id: String(r.id),
      fecha: new Date(r.creado_en).toISOString(),
      actorId: r.actor_id,
      persona: r.actor_nombre,
      email: r.actor_email,
      accion: r.accion,
      objeto: r.objeto,
      detalle: typeof r.detalle === 'string' ? (JSON.parse(r.detalle) as Record<string, unknown>) : (r.detalle ?? {}),
      direccion: r.direccion,
    })),
  };
}
