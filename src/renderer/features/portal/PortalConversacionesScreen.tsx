/** /accesoempresas/{id}/conversaciones ('Conversaciones WhatsApp'): the company's WhatsApp bot table(s). */
import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { portal as t } from '../../../shared/areas/portal/texts';
import { mensajes as tm } from '../../../shared/areas/mensajes/texts';
import { POR_PAGINA_INICIAL } from '../../../shared/areas/mensajes/rules';
import { portalApi } from './cliente';
import { ConversacionModal } from '../../components/conversaciones/ConversacionModal';
import { Paginacion, TablaSesiones } from '../../components/conversaciones/TablaSesiones';
import { TarjetasEstadisticas } from '../../components/conversaciones/TarjetasEstadisticas';
import { PortalProtegido } from './sesion';
import { usePortalTitulo } from './titulo';

/** The conversation of one session, loaded with the portal's operations; a failure shows in the modal. */
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

function ConversacionSesion({ empresaId, tabla, sessionId, onClose }: { empresaId: string; tabla: string; sessionId: string | null; onClose: () => void }) {
  const abierta = Boolean(tabla && sessionId);
  const q = useQuery({
    queryKey: ['portal', 'conversacion', empresaId, tabla, sessionId],
    queryFn: () => portalApi.conversacion({ empresaId, tabla, sessionId: sessionId! }),
    enabled: abierta,
  });
  const error = q.error ? (q.error instanceof Error && q.error.message ? q.error.message : tm.errorConversacion) : null;
  return <ConversacionModal abierta={abierta} sessionId={sessionId} mensajes={q.data ?? []} cargando={q.isLoading} error={error} onClose={onClose} />;
}

function Conversaciones({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const [elegida, setElegida] = useState<string | null>(null);
  const [busqueda, setBusqueda] = useState('');
  const [pagina, setPagina] = useState(1);
  const [porPagina, setPorPagina] = useState<number>(POR_PAGINA_INICIAL);
  const [abierta, setAbierta] = useState<string | null>(null);
  const [q] = useDebouncedValue(busqueda.trim(), 300);

  const tablas = useQuery({ queryKey: ['portal', 'tablas', id], queryFn: () => portalApi.tablas({ empresaId: id }) });
  const lista = tablas.data ?? [];
  const tabla = elegida ?? lista[0]?.tabla ?? '';
  const etiquetas = etiquetasBots(lista);

  const sesiones = useQuery({
    queryKey: ['portal', 'sesiones', id, tabla, q, pagina, porPagina],
    queryFn: () => portalApi.sesiones({ empresaId: id, tabla, busqueda: q, pagina, porPagina: porPagina as 5 | 10 | 20 | 50 }),
    enabled: tabla !== '',
    placeholderData: keepPreviousData,
  });
  const stats = useQuery({
    queryKey: ['portal', 'estadisticas', id, tabla],
    queryFn: () => portalApi.estadisticas({ empresaId: id, tabla }),
    enabled: tabla !== '',
  });
  const error = tablas.error ?? sesiones.error ?? stats.error;

  const actualizar = () => {
    void queryClient.invalidateQueries({ queryKey: ['portal', 'sesiones', id, tabla] });
    void queryClient.invalidateQueries({ queryKey: ['portal', 'estadisticas', id, tabla] });
    void queryClient.invalidateQueries({ queryKey: ['portal', 'conversacion', id, tabla] });
  };

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
                setPagina(1);
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
          <Button leftSection={<IconRefresh size={16} />} variant="light" onClick={actualizar} disabled={!tabla} loading={Boolean(tabla) && (sesiones.isFetching || stats.isFetching)}>
            {tm.actualizar}
          </Button>
        </Group>
      </Group>

      {error ? <Alert color="red">{error instanceof Error && error.message ? error.message : tm.errorCargar}</Alert> : null}
      {tablas.isSuccess && lista.length === 0 ? <Alert color="gray">{t.sinTablas}</Alert> : null}

      <TarjetasEstadisticas stats={tabla ? (stats.data ?? null) : null} />

      <Paper withBorder p="md" radius="lg" shadow="xs">
        <TextInput
          aria-label={tm.buscar}
          placeholder={tm.buscar}
          leftSection={<IconSearch size={16} />}
          value={busqueda}
          onChange={(e) => {
            setBusqueda(e.currentTarget.value);
            setPagina(1);
          }}
          maw={420}
          disabled={!tabla}
        />
      </Paper>

      <TablaSesiones
        sesiones={tabla ? (sesiones.data?.sesiones ?? []) : []}
        cargando={Boolean(tabla) && sesiones.isLoading}
        vacio={tabla ? tm.sinSesiones : t.sinTablas}
        onVer={setAbierta}
      >
        <Paginacion
          total={sesiones.data?.total ?? 0}
          pagina={pagina}
          porPagina={porPagina}
          onPagina={setPagina}
          onPorPagina={(n) => {
            setPorPagina(n);
            setPagina(1);
          }}
        />
      </TablaSesiones>

      <ConversacionSesion empresaId={id} tabla={tabla} sessionId={abierta} onClose={() => setAbierta(null)} />
    </Stack>
  );
}

export default function PortalConversacionesScreen() {
  usePortalTitulo(t.conversaciones);
  return <PortalProtegido>{(_empresa, id) => <Conversaciones id={id} />}</PortalProtegido>;
}
