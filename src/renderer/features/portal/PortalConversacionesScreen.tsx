/** /accesoempresas/{id}/conversaciones ('Conversaciones WhatsApp'): the company's WhatsApp bot table(s). */
import { Alert, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { portal as t } from '../../../shared/areas/portal/texts';
import { mensajes as tm } from '../../../shared/areas/mensajes/texts';
import { consultaPortal } from './cliente';
import { ConversacionModal } from '../../components/conversaciones/ConversacionModal';
import { TablaSesiones } from '../../components/conversaciones/TablaSesiones';
import { TarjetasEstadisticas } from '../../components/conversaciones/TarjetasEstadisticas';
import { CampoBusqueda, useBusquedaPaginada } from '../../components/conversaciones/busqueda';
import { BotonActualizar, useRefrescar } from '../../components/conversaciones/Actualizar';
import { PortalProtegido } from './sesion';
import { usePortalTitulo } from './titulo';

/**
 * What the client company reads for each of its bots: the bot's name only. The internal table name is the
 * agency's business, not the client's (it stays the value sent back to the api). Two bots with the same
 * name are told apart by a number.
 */
function etiquetasBots(lista: ReadonlyArray<{ nombre: string }>): string[] {
  const vistos = new Map<string, number>();
  const total = new Map<string, number>();
  for (const x of lista) total.set(x.nombre, (total.get(x.nombre) ?? 0) + 1);
  return lista.map((x) => {
    const n = (vistos.get(x.nombre) ?? 0) + 1;
    vistos.set(x.nombre, n);
    return (total.get(x.nombre) ?? 0) > 1 ? `${x.nombre} (${n})` : x.nombre;
  });
}

/** The conversation of one session, loaded with the portal's operations; a failure shows in the modal. */
function ConversacionSesion({ empresaId, tabla, sessionId, onClose }: { empresaId: string; tabla: string; sessionId: string | null; onClose: () => void }) {
  const abierta = Boolean(tabla && sessionId);
  const q = useQuery({ ...consultaPortal('conversacion', { empresaId, tabla, sessionId: sessionId ?? '' }), enabled: abierta });
  const error = q.error ? (q.error instanceof Error && q.error.message ? q.error.message : tm.errorConversacion) : null;
  return <ConversacionModal abierta={abierta} sessionId={sessionId} mensajes={q.data ?? []} cargando={q.isLoading} error={error} onClose={onClose} />;
}

function Conversaciones({ id }: { id: string }) {
  const [elegida, setElegida] = useState<string | null>(null);
  const [abierta, setAbierta] = useState<string | null>(null);
  const { busqueda, q, pagina, porPagina, buscar, primeraPagina, paginacion } = useBusquedaPaginada();

  const tablas = useQuery(consultaPortal('tablas', { empresaId: id }));
  const lista = tablas.data ?? [];
  const tabla = elegida ?? lista[0]?.tabla ?? '';
  const etiquetas = etiquetasBots(lista);

  const sesiones = useQuery({
    ...consultaPortal('sesiones', { empresaId: id, tabla, busqueda: q, pagina, porPagina }),
    enabled: tabla !== '',
    placeholderData: keepPreviousData,
  });
  const stats = useQuery({ ...consultaPortal('estadisticas', { empresaId: id, tabla }), enabled: tabla !== '' });
  const error = tablas.error ?? sesiones.error ?? stats.error;

  const actualizar = useRefrescar(
    [
      ['portal', 'sesiones'],
      ['portal', 'estadisticas'],
      ['portal', 'conversacion'],
    ],
    { empresaId: id, tabla },
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>{t.conversaciones}</Title>
        <Group gap="sm" align="flex-end">
          {lista.length > 1 ? (
            <NativeSelect
              label={t.bot}
              aria-label={t.bot}
              value={tabla}
              onChange={(e) => {
                setElegida(e.currentTarget.value);
                primeraPagina();
                setAbierta(null);
              }}
              miw={260}
              data={lista.map((x, i) => ({ value: x.tabla, label: etiquetas[i]! }))}
            />
          ) : lista.length === 1 ? (
            <Text size="sm" c="dimmed" data-testid="portal-tabla">
              {etiquetas[0]}
            </Text>
          ) : null}
          <BotonActualizar onClick={actualizar} disabled={!tabla} loading={Boolean(tabla) && (sesiones.isFetching || stats.isFetching)} />
        </Group>
      </Group>

      {error ? <Alert color="red">{error instanceof Error && error.message ? error.message : tm.errorCargar}</Alert> : null}
      {tablas.isSuccess && lista.length === 0 ? <Alert color="gray">{t.sinTablas}</Alert> : null}

      <TarjetasEstadisticas stats={tabla ? (stats.data ?? null) : null} />

      <Paper withBorder p="md" radius="lg" shadow="xs">
        <CampoBusqueda etiqueta={tm.buscar} valor={busqueda} onBuscar={buscar} maw={420} disabled={!tabla} />
      </Paper>

      <TablaSesiones
        sesiones={tabla ? (sesiones.data?.sesiones ?? []) : []}
        cargando={Boolean(tabla) && sesiones.isLoading}
        vacio={tabla ? tm.sinSesiones : t.sinTablas}
        onVer={setAbierta}
        paginacion={{ total: sesiones.data?.total ?? 0, ...paginacion }}
      />

      <ConversacionSesion empresaId={id} tabla={tabla} sessionId={abierta} onClose={() => setAbierta(null)} />
    </Stack>
  );
}

export default function PortalConversacionesScreen() {
  usePortalTitulo(t.conversaciones);
  return <PortalProtegido>{(_empresa, id) => <Conversaciones id={id} />}</PortalProtegido>;
}
