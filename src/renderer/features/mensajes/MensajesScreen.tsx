/** The message browser of one channel (part 3 §2.3): WordPress, Shopify and WhatsApp share it. */
import { Button, Group, Paper, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, consultas } from '../../api/client';
import { es } from '../../../shared/i18n/es';
import { nombreArchivoCsv, sesionesCsv } from '../../../shared/areas/mensajes/rules';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { notifyError, notifySuccess } from '../../components/toast';
import { TablaSesiones } from '../../components/conversaciones/TablaSesiones';
import { TarjetasEstadisticas } from '../../components/conversaciones/TarjetasEstadisticas';
import { CampoBusqueda, useBusquedaPaginada } from '../../components/conversaciones/busqueda';
import { descargar } from '../metricas/guardar-csv';
import { BotonActualizar, useRefrescar } from '../../components/conversaciones/Actualizar';
import { ConversacionSesion, SelectorEmpresa, useErrorToast } from './componentes';
import { mensajeDe } from '../../lib/mensaje-error';

const t = es.mensajes;
type CanalMensajes = 'wordpress' | 'shopify' | 'whatsapp';

export function MensajesScreen({ canal }: { canal: CanalMensajes }) {
  const titulo = t.titulos[canal];
  useDocumentTitle(titulo);
  const [tabla, setTabla] = useState('');
  const [enMensajes, setEnMensajes] = useState(false);
  const [sesionAbierta, setSesionAbierta] = useState<string | null>(null);
  const [exportando, setExportando] = useState(false);
  const { busqueda, q, pagina, porPagina, buscar, primeraPagina, paginacion } = useBusquedaPaginada();

  const empresas = useQuery(consultas.mensajes.empresas({ canal }));
  useErrorToast(empresas.error, t.errorDatos);

  const sesiones = useQuery({
    ...consultas.mensajes.sesiones({ tabla, busqueda: q, enMensajes, pagina, porPagina }),
    enabled: tabla !== '',
    placeholderData: keepPreviousData,
  });
  const stats = useQuery({ ...consultas.mensajes.estadisticas({ tabla }), enabled: tabla !== '' });
  useErrorToast(sesiones.error ?? stats.error, t.errorCargar);

  const elegirEmpresa = (valor: string) => {
    setTabla(valor);
    primeraPagina();
    setSesionAbierta(null);
  };
  const actualizar = useRefrescar(
    [
      ['mensajes', 'sesiones'],
      ['mensajes', 'estadisticas'],
      ['mensajes', 'conversacion'],
    ],
    { tabla },
  );
  const exportar = async () => {
    setExportando(true);
    try {
      const todas = await api.mensajes.exportar({ tabla, busqueda: q, enMensajes });
      descargar(nombreArchivoCsv(tabla, new Date()), new Blob([sesionesCsv(todas)], { type: 'text/csv;charset=utf-8' }));
      notifySuccess(t.exportado(todas.length));
    } catch (error) {
      notifyError(mensajeDe(error, t.errorExportar));
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
          <BotonActualizar onClick={actualizar} disabled={!tabla} loading={Boolean(tabla) && (sesiones.isFetching || stats.isFetching)} />
        </Group>
      </Group>

      <TarjetasEstadisticas stats={tabla ? (stats.data ?? null) : null} />

      <Paper withBorder p="md" radius="lg" shadow="xs">
        <Group gap="md" wrap="wrap" justify="space-between">
          <Group gap="md" wrap="wrap" style={{ flex: 1 }}>
            <CampoBusqueda etiqueta={t.buscar} valor={busqueda} onBuscar={buscar} style={{ flex: 1, minWidth: 240, maxWidth: 420 }} />
            <Tooltip label={t.buscarEnMensajesAyuda} withArrow>
              <Switch
                label={t.buscarEnMensajes}
                checked={enMensajes}
                onChange={(e) => {
                  setEnMensajes(e.currentTarget.checked);
                  primeraPagina();
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
        paginacion={{ total: datos?.total ?? 0, ...paginacion }}
      />

      <ConversacionSesion tabla={tabla} sessionId={sesionAbierta} onClose={() => setSesionAbierta(null)} />
    </Stack>
  );
}
