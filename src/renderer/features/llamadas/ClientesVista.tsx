import {
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  Pagination,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { pedirConfirmacion } from '../../components/confirmacion';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconClock,
  IconFileImport,
  IconHistory,
  IconPencil,
  IconPhone,
  IconPhoneCall,
  IconPhoneOff,
  IconPlus,
  IconSearch,
  IconBan,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Cliente, ClienteFila, ConfiguracionLlamadas, EstadisticasCampana, Campana } from '../../../shared/areas/llamadas/contract';
import { PAGE_SIZE_CLIENTES, badgeCliente, formatCosto, porcentajeTope } from '../../../shared/areas/llamadas/rules';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { notifyError, notifySuccess } from '../../components/toast';
import { api, clave, consultas } from '../../api/client';
import { BadgeTope, COLOR_TOPE, Encabezado, SelectorCampana, Tile, dialogo, dialogoSiCorresponde, fmtNumero, t, useCampanaSeleccionada } from './comun';
import { mensajeDe } from '../../lib/mensaje-error';
import { ClienteModal } from './ClienteModal';
import { ConfiguracionPanel } from './ConfiguracionPanel';
import { ImportarCsvModal } from './ImportarCsvModal';
import { LoteModal } from './LoteModal';
import { LotesPanel } from './LotesPanel';
import { ConfirmarLoteModal } from './ConfirmarLoteModal';
import { NoLlamarModal } from './NoLlamarModal';
import { HistorialModal } from './HistorialModal';
import { AccionFila } from '../../components/AccionFila';
import { TablaDatos, type Columna } from '../../components/TablaDatos';

/** The client column's width: with the others it keeps the table within 1360 px (no column under the actions). */
const ANCHO_CLIENTE = 200;

type Filtros = { nombre: string; email: string; telefono: string; empresa: string };
const SIN_FILTROS: Filtros = { nombre: '', email: '', telefono: '', empresa: '' };

/** Calls / team view (part 1 §2.6) with the client list (§2.7). */
export function ClientesVista({ titulo }: { titulo: string }) {
  useDocumentTitle(titulo);
  const { campanas, lista, campanaId, campana, seleccionar } = useCampanaSeleccionada();

  return (
    <Stack gap="lg">
      <Encabezado titulo={titulo} subtitulo={campana ? campana.nombre : undefined}>
        <SelectorCampana lista={lista} value={campanaId} onChange={seleccionar} />
      </Encabezado>
      {campanas.isError ? (
        <Alert color="red">{mensajeDe(campanas.error, t.campanas.errorCargar)}</Alert>
      ) : !campanas.isLoading && lista.length === 0 ? (
        <Paper withBorder p="xl">
          <Text c="dimmed" ta="center">
            {t.campanas.sinCampanas}
          </Text>
        </Paper>
      ) : campana ? (
        <ListadoClientes key={campana.id} campana={campana} campanas={lista} />
      ) : null}
    </Stack>
  );
}

function ListadoClientes({ campana, campanas }: { campana: Campana; campanas: Campana[] }) {
  const qc = useQueryClient();
  const campanaId = campana.id;
  const [filtros, setFiltros] = useState<Filtros>(SIN_FILTROS);
  const [debounced] = useDebouncedValue(filtros, 250);
  const [pagina, setPagina] = useState(1);
  const [seleccion, setSeleccion] = useState<Map<number, ClienteFila>>(new Map());
  const [editar, setEditar] = useState<Cliente | 'nuevo' | null>(null);
  const [importar, setImportar] = useState(false);
  // The batch whose details are open. Batches live in the database: the panel lists them (after a reload or
  // a new sign-in too), and closing the details leaves the batch running.
  const [lote, setLote] = useState<string | null>(null);
  const [confirmarLote, setConfirmarLote] = useState<number[] | null>(null);
  const [noLlamar, setNoLlamar] = useState(false);
  const [historial, setHistorial] = useState<ClienteFila | null>(null);
  const [llamando, setLlamando] = useState(false);

  const stats = useQuery(consultas.llamadas.estadisticas({ campanaId }));
  const config = useQuery(consultas.llamadas.configuracion({ campanaId }));
  const clientes = useQuery({
    ...consultas.llamadas.clientesPagina({ campanaId, ...debounced, pagina, porPagina: PAGE_SIZE_CLIENTES }),
    placeholderData: keepPreviousData,
  });

  const refrescar = () => {
    void qc.invalidateQueries({ queryKey: clave('llamadas', 'clientesPagina') });
    void qc.invalidateQueries({ queryKey: clave('llamadas', 'estadisticas') });
    void qc.invalidateQueries({ queryKey: clave('llamadas', 'listarCampanas') });
    void qc.invalidateQueries({ queryKey: clave('llamadas', 'lotes') });
  };

  const cambiarFiltro = (k: keyof Filtros, v: string) => {
    setFiltros((f) => ({ ...f, [k]: v }));
    setPagina(1); // part 1 §9: page 1 when a filter changes
  };

  const eliminar = useMutation({
    mutationFn: (id: number) => api.llamadas.eliminarCliente({ id }),
    onSuccess: (_d, id) => {
      notifySuccess(t.clientes.eliminado);
      setSeleccion((s) => {
        const n = new Map(s);
        n.delete(id);
        return n;
      });
      refrescar();
    },
    onError: (e) => notifyError(mensajeDe(e, t.clientes.errorEliminar)),
  });

  const confirmarEliminar = (c: ClienteFila) =>
    pedirConfirmacion({
      titulo: t.clientes.accionEliminar,
      pregunta: t.clientes.confirmarEliminar,
      si: t.clientes.eliminar, no: t.clientes.cancelar,
      peligro: true, centrado: true, cerrar: t.lote.cerrar,
      alConfirmar: () => eliminar.mutate(c.id),
    });

  /** The screen's checks before a call (the api checks again): config, in progress, cap. */
  const puedeLlamar = (cfg: ConfiguracionLlamadas | null | undefined, st: EstadisticasCampana | undefined): boolean => {
    if (!cfg || !cfg.agentid.trim() || !cfg.agentphonenumberid.trim()) {
      dialogo(t.llamar.errorConfiguracion, t.llamar.errorConfiguracionDetalle);
      return false;
    }
    if (llamando) {
      notifyError(t.llamar.enProgreso);
      return false;
    }
    if (st?.estadoTope === 'excedido') {
      dialogo(t.llamar.limiteExcedido, t.llamar.limiteExcedidoDetalle);
      return false;
    }
    return true;
  };

  const llamarUno = (c: ClienteFila) => {
    const nombre = `${c.nombre} ${c.apellido}`.trim();
    if (c.noLlamar) {
      notifyError(t.llamar.noLlamar(nombre));
      return;
    }
    if (!puedeLlamar(config.data, stats.data)) return;
    pedirConfirmacion({
      titulo: t.llamar.confirmarTitulo,
      pregunta: t.llamar.confirmar(nombre, c.telefono),
      si: t.llamar.si, no: t.llamar.cancelar,
      centrado: true, cerrar: t.lote.cerrar,
      alConfirmar: async () => {
        setLlamando(true);
        try {
          const r = await api.llamadas.llamar({ clienteId: c.id });
          // No answer in time is not a failure: the call may be under way, and the dialog says so.
          if (r.sinConfirmacion) dialogo(t.llamar.sinConfirmacion, r.mensaje);
          else notifySuccess(r.mensaje);
        } catch (e) {
          if (!dialogoSiCorresponde(e)) notifyError(mensajeDe(e, t.llamar.errorIniciar));
        } finally {
          setLlamando(false);
          refrescar();
        }
      },
    });
  };

  const llamarSeleccionados = () => {
    if (seleccion.size === 0) {
      dialogo(t.llamar.sinSeleccion, t.llamar.sinSeleccionDetalle);
      return;
    }
    if (!puedeLlamar(config.data, stats.data)) return;
    setConfirmarLote([...seleccion.keys()]);
  };

  const agregarNoLlamar = useMutation({
    mutationFn: (c: ClienteFila) => api.llamadas.noLlamarAgregar({ telefono: c.telefono, motivo: 'cliente' }),
    onSuccess: (r) => {
      notifySuccess(r.agregado ? t.listaNoLlamar.agregado : t.listaNoLlamar.yaEstaba);
      void qc.invalidateQueries({ queryKey: clave('llamadas') });
    },
    onError: (e) => notifyError(mensajeDe(e, t.listaNoLlamar.errorGuardar)),
  });

  const confirmarNoLlamar = (c: ClienteFila) =>
    pedirConfirmacion({
      titulo: t.listaNoLlamar.confirmarClienteTitulo,
      pregunta: t.listaNoLlamar.confirmarCliente(`${c.nombre} ${c.apellido}`.trim(), c.telefono),
      si: t.listaNoLlamar.siAgregar, no: t.listaNoLlamar.cancelar,
      peligro: true, centrado: true, cerrar: t.lote.cerrar,
      alConfirmar: () => agregarNoLlamar.mutate(c),
    });

  const filas = clientes.data?.filas ?? [];
  const total = clientes.data?.total ?? 0;
  const paginas = Math.max(1, Math.ceil(total / PAGE_SIZE_CLIENTES));
  const todosPagina = filas.length > 0 && filas.every((f) => seleccion.has(f.id));
  const algunoPagina = filas.some((f) => seleccion.has(f.id));
  const hayFiltros = Object.values(filtros).some((v) => v.trim() !== '');

  const alternar = (f: ClienteFila) =>
    setSeleccion((s) => {
      const n = new Map(s);
      if (n.has(f.id)) n.delete(f.id);
      else n.set(f.id, f);
      return n;
    });
  const alternarPagina = () =>
    setSeleccion((s) => {
      const n = new Map(s);
      if (todosPagina) filas.forEach((f) => n.delete(f.id));
      else filas.forEach((f) => n.set(f.id, f));
      return n;
    });

  const nombreDe = (f: ClienteFila) => `${f.nombre} ${f.apellido}`.trim();
  const columnas: Array<Columna<ClienteFila>> = [
    {
      titulo: <Checkbox aria-label={t.clientes.seleccionarTodos} checked={todosPagina} indeterminate={!todosPagina && algunoPagina} onChange={alternarPagina} />,
      celda: (f) => <Checkbox aria-label={t.clientes.seleccionar(nombreDe(f))} checked={seleccion.has(f.id)} onChange={() => alternar(f)} />,
    },
    {
      // The company goes under the name, with the role: at 1360 px a column of its own pushed the table under
      // the pinned actions, which then covered the status badge — the one cell that changes live.
      titulo: t.clientes.colCliente,
      celda: (f) => {
        const detalle = [f.cargo, f.empresa].filter(Boolean).join(' · ');
        return (
        <Stack gap={0} maw={ANCHO_CLIENTE}>
          <Group gap={6} wrap="nowrap">
            <Text fw={600} size="sm" truncate="end" title={nombreDe(f)} miw={0}>
              {nombreDe(f)}
            </Text>
            {f.noLlamar ? (
              <Tooltip label={t.clientes.noLlamarDescripcion}>
                <Badge size="xs" color="red" variant="outline" leftSection={<IconPhoneOff size={10} />}>
                  {t.clientes.noLlamar}
                </Badge>
              </Tooltip>
            ) : null}
          </Group>
          {detalle ? (
            <Text size="xs" c="dimmed" truncate="end" title={detalle}>
              {detalle}
            </Text>
          ) : null}
        </Stack>
        );
      },
    },
    { titulo: t.clientes.colEmail, tipo: 'texto', celda: (f) => f.email, anchoMaximo: 170 },
    {
      titulo: t.clientes.colTelefono,
      celda: (f) => (
        <Text size="sm" ff="monospace">
          {f.telefono}
        </Text>
      ),
    },
    {
      titulo: t.clientes.colEstado,
      tipo: 'estado',
      celda: (f) => {
        const b = badgeCliente(f.ultimoEstado);
        return (
          <Badge color={b.color} variant="light" data-testid="badge-estado">
            {b.etiqueta}
          </Badge>
        );
      },
    },
    {
      titulo: t.clientes.colAcciones,
      tipo: 'acciones',
      celda: (f) => (
        <Group gap={2} justify="flex-end" wrap="nowrap">
          <AccionFila label={t.clientes.accionLlamar} icon={<IconPhone size={16} />} color="green" aria-label={`${t.clientes.accionLlamar} ${nombreDe(f)}`} onClick={() => llamarUno(f)} disabled={f.noLlamar} />
          <AccionFila label={t.clientes.accionHistorial} icon={<IconHistory size={16} />} color="blue" aria-label={`${t.clientes.accionHistorial} ${nombreDe(f)}`} onClick={() => setHistorial(f)} />
          <AccionFila label={t.listaNoLlamar.accionCliente} icon={<IconBan size={16} />} color="orange" aria-label={`${t.listaNoLlamar.accionCliente} ${nombreDe(f)}`} onClick={() => confirmarNoLlamar(f)} disabled={f.noLlamar} />
          <AccionFila label={t.clientes.accionEditar} icon={<IconPencil size={16} />} color="gray" aria-label={`${t.clientes.accionEditar} ${nombreDe(f)}`} onClick={() => setEditar(f)} />
          <AccionFila label={t.clientes.accionEliminar} icon={<IconTrash size={16} />} color="red" aria-label={`${t.clientes.accionEliminar} ${nombreDe(f)}`} onClick={() => confirmarEliminar(f)} />
        </Group>
      ),
    },
  ];

  const st = stats.data;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        <Tile label={t.clientes.tileTotal} value={st ? fmtNumero(st.totalClientes) : '—'} icon={<IconUsers size={22} />} testId="tile-total" />
        <Tile label={t.clientes.tileAtendidos} value={st ? fmtNumero(st.atendidos) : '—'} icon={<IconCircleCheck size={22} />} color="teal" testId="tile-atendidos" />
        <Tile label={t.clientes.tilePendientes} value={st ? fmtNumero(st.pendientes) : '—'} icon={<IconClock size={22} />} color="yellow" testId="tile-pendientes" />
        <Tile label={t.clientes.tileLlamadas} value={st ? fmtNumero(st.totalLlamadas) : '—'} icon={<IconPhoneCall size={22} />} color="lime" testId="tile-llamadas" />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ConsumoPanel stats={st} />
        <ConfiguracionPanel campanaId={campanaId} configuracion={config.data} cargando={config.isLoading} error={config.isError ? mensajeDe(config.error, t.configuracion.errorCargar) : null} />
      </SimpleGrid>

      <LotesPanel campanaId={campanaId} onAbrir={setLote} />

      <Paper withBorder p="lg" shadow="xs">
        <Group justify="space-between" mb="md" wrap="wrap">
          <Title order={4}>{t.clientes.titulo}</Title>
          <Group gap="xs" wrap="wrap">
            <Button variant="subtle" color="red" leftSection={<IconPhoneOff size={16} />} onClick={() => setNoLlamar(true)} data-testid="abrir-no-llamar">
              {t.listaNoLlamar.abrir}
            </Button>
            {seleccion.size > 0 ? (
              <Button variant="subtle" color="gray" onClick={() => setSeleccion(new Map())}>
                {t.clientes.quitarSeleccion}
              </Button>
            ) : null}
            <Button variant="light" leftSection={<IconFileImport size={16} />} onClick={() => setImportar(true)}>
              {t.clientes.importar}
            </Button>
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setEditar('nuevo')}>
              {t.clientes.nuevo}
            </Button>
            <Button leftSection={<IconPhoneCall size={16} />} onClick={llamarSeleccionados} data-testid="llamar-seleccionados">
              {t.clientes.llamarSeleccionados(seleccion.size)}
            </Button>
          </Group>
        </Group>

        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} mb="md">
          <TextInput aria-label={t.clientes.filtroNombre} placeholder={t.clientes.filtroNombre} leftSection={<IconSearch size={14} />} value={filtros.nombre} onChange={(e) => cambiarFiltro('nombre', e.currentTarget.value)} />
          <TextInput aria-label={t.clientes.filtroEmail} placeholder={t.clientes.filtroEmail} leftSection={<IconSearch size={14} />} value={filtros.email} onChange={(e) => cambiarFiltro('email', e.currentTarget.value)} />
          <TextInput aria-label={t.clientes.filtroTelefono} placeholder={t.clientes.filtroTelefono} leftSection={<IconSearch size={14} />} value={filtros.telefono} onChange={(e) => cambiarFiltro('telefono', e.currentTarget.value)} />
          <TextInput aria-label={t.clientes.filtroEmpresa} placeholder={t.clientes.filtroEmpresa} leftSection={<IconSearch size={14} />} value={filtros.empresa} onChange={(e) => cambiarFiltro('empresa', e.currentTarget.value)} />
        </SimpleGrid>

        {clientes.isError ? (
          <Alert color="red">{mensajeDe(clientes.error, t.clientes.errorCargar)}</Alert>
        ) : (
          <Box data-testid="tabla-clientes" style={{ opacity: clientes.isPlaceholderData ? 0.6 : 1 }}>
            <TablaDatos etiqueta={t.clientes.titulo} columnas={columnas} anchoMinimo={880}
              filas={filas} cargando={clientes.isLoading}
              vacio={{ icono: <IconUsers size={24} />, texto: hayFiltros ? t.clientes.vacioFiltros : t.clientes.vacio }}
              propsFila={(f) => ({ 'data-testid': 'fila-cliente', 'data-nombre': nombreDe(f), bg: seleccion.has(f.id) ? 'var(--mantine-color-green-light)' : undefined })}
            />
          </Box>
        )}

        <Group justify="space-between" mt="md" wrap="wrap">
          <Text size="sm" c="dimmed" data-testid="conteo-clientes">
            {total > 0 ? t.clientes.mostrando((pagina - 1) * PAGE_SIZE_CLIENTES + 1, Math.min(pagina * PAGE_SIZE_CLIENTES, total), total) : ''}
            {seleccion.size > 0 ? ` · ${t.clientes.seleccionados(seleccion.size)}` : ''}
          </Text>
          <Pagination value={pagina} onChange={setPagina} total={paginas} size="sm" withEdges />
        </Group>
      </Paper>

      {editar ? <ClienteModal cliente={editar === 'nuevo' ? null : editar} campanaId={campanaId} campanas={campanas} onClose={() => setEditar(null)} onSaved={refrescar} /> : null}
      {importar ? <ImportarCsvModal campanaId={campanaId} onClose={() => setImportar(false)} onImported={refrescar} /> : null}
      {confirmarLote ? (
        <ConfirmarLoteModal
          campanaId={campanaId}
          clienteIds={confirmarLote}
          onClose={() => setConfirmarLote(null)}
          onIniciado={(nuevo) => {
            setConfirmarLote(null);
            setSeleccion(new Map());
            refrescar();
            // A scheduled batch waits in the panel; one that starts now opens its details.
            if (nuevo.estado !== 'programado') setLote(nuevo.id);
          }}
        />
      ) : null}
      {lote ? (
        <LoteModal
          key={lote}
          id={lote}
          campanas={campanas}
          onClose={() => {
            setLote(null);
            refrescar();
          }}
          onReintento={(id) => {
            refrescar();
            setLote(id);
          }}
        />
      ) : null}
      {noLlamar ? <NoLlamarModal onClose={() => setNoLlamar(false)} /> : null}
      {historial ? <HistorialModal cliente={historial} onClose={() => setHistorial(null)} /> : null}
    </Stack>
  );
}

function ConsumoPanel({ stats }: { stats: EstadisticasCampana | undefined }) {
  if (!stats) {
    return <Paper withBorder p="lg" shadow="xs" mih={200} />;
  }
  const pct = porcentajeTope(stats.minutosConsumidos, stats.minutos);
  return (
    <Paper withBorder p="lg" shadow="xs" data-testid="panel-consumo">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{t.clientes.consumo}</Title>
        <BadgeTope estado={stats.estadoTope} minutos={stats.minutos} />
      </Group>
      <Text fz={28} fw={700} data-testid="minutos-consumidos">
        {stats.minutos > 0 ? t.clientes.consumidos(stats.minutosConsumidos, stats.minutos) : t.clientes.consumidosSinTope(stats.minutosConsumidos)}
      </Text>
      {stats.minutos > 0 ? <Progress value={pct} color={COLOR_TOPE[stats.estadoTope]} size="lg" radius="xl" mt="sm" aria-label={t.clientes.consumo} /> : null}
      <Group justify="space-between" mt="md">
        <Text c="dimmed" size="sm">
          {t.clientes.costo}
        </Text>
        <Text fw={700} data-testid="costo-total">
          {formatCosto(stats.costoTotal)}
        </Text>
      </Group>
      {stats.estadoTope !== 'ok' ? (
        <Alert mt="md" color={COLOR_TOPE[stats.estadoTope]} icon={<IconAlertTriangle size={16} />} variant="light">
          {stats.estadoTope === 'excedido' ? t.clientes.avisoExcedido : t.clientes.avisoCerca}
        </Alert>
      ) : null}
    </Paper>
  );
}
