/**
 * The operators' pieces of the three message screens and the WhatsApp summary (part 3 §2.3, §2.4): company
 * selector, error toasts, and the conversation modal bound to the operators' api. The presentational parts
 * (stat cards, session table, pagination, conversation bubbles) live in components/conversaciones, shared
 * with the company portal.
 */
import { NativeSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { consultas } from '../../api/client';
import { es } from '../../../shared/i18n/es';
import type { EmpresaOpcion } from '../../../shared/areas/mensajes/formas';
import { notifyError } from '../../components/toast';
import { ConversacionModal } from '../../components/conversaciones/ConversacionModal';
import { mensajeDe } from '../../lib/mensaje-error';

const t = es.mensajes;

/** Shows a query's failure once as a toast. */
export function useErrorToast(error: unknown, fallback: string): void {
  useEffect(() => {
    if (error) notifyError(mensajeDe(error, fallback));
  }, [error, fallback]);
}

// ------------------------------------------------------------------------------------------------ company

export function SelectorEmpresa({
  empresas,
  value,
  onChange,
  loading,
}: {
  empresas: EmpresaOpcion[];
  value: string;
  onChange: (tabla: string) => void;
  loading?: boolean;
}) {
  return (
    <NativeSelect
      aria-label={t.empresa}
      label={t.empresa}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      disabled={loading}
      miw={280}
      data={[{ value: '', label: t.seleccionarEmpresa }, ...empresas.map((e) => ({ value: e.tabla, label: `${e.nombre} (${e.tabla})` }))]}
    />
  );
}

// ------------------------------------------------------------------------------------------------ conversation

/** The conversation of one session of `tabla`, loaded with the operators' api; a failure is toasted. */
export function ConversacionSesion({ tabla, sessionId, onClose }: { tabla: string; sessionId: string | null; onClose: () => void }) {
  const abierta = Boolean(tabla && sessionId);
  const q = useQuery({ ...consultas.mensajes.conversacion({ tabla, sessionId: sessionId ?? '' }), enabled: abierta });
  useErrorToast(q.error, t.errorConversacion);
  return <ConversacionModal abierta={abierta} sessionId={sessionId} mensajes={q.data ?? []} cargando={q.isLoading} onClose={onClose} />;
}
