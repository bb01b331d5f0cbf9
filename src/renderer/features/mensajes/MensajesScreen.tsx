/** The message browser of one channel (part 3 §2.3): WordPress, Shopify and WhatsApp share it. */
import { Button, Group, Paper, Stack, Switch, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconRefresh, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { es } from '../../../shared/i18n/es';
import { POR_PAGINA_INICIAL, nombreArchivoCsv, sesionesCsv } from '../../../shared/areas/mensajes/rules';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { notifyError, notifySuccess } from '../../components/toast';
import { Paginacion, TablaSesiones } from '../../components/conversaciones/TablaSesiones';
import { TarjetasEstadisticas } from '../../components/conversaciones/TarjetasEstadisticas';
import { ConversacionSesion, SelectorEmpresa, useErrorToast } from './componentes';

const t = es.mensajes;
type CanalMensajes = 'wordpress' | 'shopify' | 'whatsapp';

export function descargarTexto(nombre: string, contenido: string, tipo = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([contenido], { type: tipo }));
  const a = document.createElement('a');
  a.href = url;
  a.download = nombre;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function MensajesScreen({ canal }: { canal: CanalMensajes }) {
  const titulo = t.titulos[canal];
  useDocumentTitle(titulo);
  const queryClient = useQueryClient();
  const [tabla, setTabla] = useState('');
  const [busqueda, setBusqueda] = useState('');
  const [enMensajes, setEnMensajes] = useState(false);
  const [pagina, setPagina] = useState(1);
  const [porPagina, setPorPagina] = useState(POR_PAGINA_INICIAL);
  const [sesionAbierta, setSesionAbierta] = useState<string | null>(null);
  const [exportando, setExportando] = useState(false);
  const [q] = useDebouncedValue(busqueda.trim(), 300);

  const empresas = useQuery({ queryKey: ['mensajes', 'empresas', canal], queryFn: () => api.mensajes.empresas({ canal }) });
  useErrorToast(empresas.error, t.errorDatos);

  const sesiones = useQuery({
    queryKey: ['mensajes', 'sesiones', tabla, q, enMensajes, pagina, porPagina],
    queryFn: () => api.mensajes.sesiones({ tabla, busqueda: q, enMensajes, pagina, porPagina: porPagina as 5 | 10 | 20 | 50 }),
    enabled: tabla !== '',
    placeholderData: keepPreviousData,
  });
  const stats = useQuery({
    queryKey: ['mensajes', 'estadisticas', tabla],
    queryFn: () => api.mensajes.estadisticas({ tabla }),
    enabled: tabla !== '',
  });
  useErrorToast(sesiones.error ?? stats.error, t.errorCargar);

  const elegirEmpresa = (valor: string) => {
    setTabla(valor);
    setPagina(1);
    setSesionAbierta(null);
  };
  const actualizar = () => {
    void queryClient.invalidateQueries({ queryKey: ['mensajes', 'sesiones', tabla] });
    void queryClient.invalidateQueries({ queryKey: ['mensajes', 'estadisticas', tabla] });
    void queryClient.invalidateQueries({ queryKey: ['mensajes', 'conversacion', tabla] });
  };
  const exportar = async () => {
    setExportando(true);
    try {
      const todas = await api.mensajes.exportar({ tabla, busqueda: q, enMensajes });
      descargarTexto(nombreArchivoCsv(tabla, new Date()), sesionesCsv(todas));
      notifySuccess(t.exportado(todas.length));
    } catch (error) {
      notifyError(error instanceof Error && error.message ? error.message : t.errorExportar);
    } finally {
      setExportando(false);
    }
  };

  const datos = tabla ? sesiones.data : undefined;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>{titulo}</Title>
        <Group gap="sm" align="flex-end">
          <SelectorEmpresa empresas={empresas.data ?? []} value={tabla} onChange={elegirEmpresa} loading={empresas.isLoading} />
          <Button
            leftSection={<IconRefresh size={16} />}
            variant="light"
            onClick={actualizar}
            disabled={!tabla}
            loading={Boolean(tabla) && (sesiones.isFetching || stats.isFetching)}
          >
            {t.actualizar}
          </Button>
        </Group>
      </Group>

      <TarjetasEstadisticas stats={tabla ? (stats.data ?? null) : null} />

      <Paper withBorder p="md" radius="lg" shadow="xs">
        <Group gap="md" wrap="wrap" justify="space-between">
          <Group gap="md" wrap="wrap" style={{ flex: 1 }}>
            <TextInput
              aria-label={t.buscar}
              placeholder={t.buscar}
              leftSection={<IconSearch size={16} />}
              value={busqueda}
              onChange={(e) => {
                setBusqueda(e.currentTarget.value);
                setPagina(1);
              }}
              style={{ flex: 1, minWidth: 240, maxWidth: 420 }}
            />
            <Tooltip label={t.buscarEnMensajesAyuda} withArrow>
              <Switch
                label={t.buscarEnMensajes}
                checked={enMensajes}
                onChange={(e) => {
                  setEnMensajes(e.currentTarget.checked);
                  setPagina(1);
                }}
              />
            </Tooltip>
          </Group>
          <Button leftSection={<IconDownload size={16} />} variant="default" disabled={!tabla || !datos?.total} loading={exportando} onClick={() => void exportar()}>
            {t.exportar}
          </Button>
        </Group>
        {tabla && datos ? (
          <Text size="xs" c="dimmed" mt={6}>
            {datos.total.toLocaleString('es-CO')} {datos.total === 1 ? 'sesión' : 'sesiones'}
          </Text>
        ) : null}
      </Paper>

      <TablaSesiones
        sesiones={datos?.sesiones ?? []}
        cargando={Boolean(tabla) && sesiones.isLoading}
        vacio={tabla ? t.sinSesiones : t.seleccionaEmpresa}
        onVer={setSesionAbierta}
        fechaSinCorte
      >
        <Paginacion
          total={datos?.total ?? 0}
          pagina={pagina}
          porPagina={porPagina}
          onPagina={setPagina}
          onPorPagina={(n) => {
            setPorPagina(n);
            setPagina(1);
          }}
        />
      </TablaSesiones>

      <ConversacionSesion tabla={tabla} sessionId={sesionAbierta} onClose={() => setSesionAbierta(null)} />
    </Stack>
  );
}
