import { Badge, Button, Group, Pagination, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload, IconHistory, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { FilaAuditoria, FiltrosAuditoria } from '../../../shared/areas/auditoria/contract';
import { detalleEnTexto, nombreAccion, rangoDeDias } from '../../../shared/areas/auditoria/rules';
import { mensajeDe } from '../../lib/mensaje-error';
import { AvisoDeError } from '../../components/AvisoDeError';
import { es } from '../../../shared/i18n/es';
import { api, consultas } from '../../api/client';
import { TablaDatos, type Columna } from '../../components/TablaDatos';
import { notifyError, notifySuccess } from '../../components/toast';
import { formatDateTime } from '../../lib/format';
import { guardarCsv } from '../metricas/guardar-csv';
import { TarjetaAjustes } from './TarjetaAjustes';

const t = es.auditoria;
const POR_PAGINA = 50;

/** The action filter: a family ("sesion", "operador"…) or one action, as people read them. */
const FAMILIAS = ['sesion', 'mfa', 'operador', 'eliminar', 'portal', 'lote', 'seguridad', 'conexion', 'secreto', 'datos', 'exportar'];
const OPCIONES_ACCION = [
  { value: '', label: t.accionTodas },
  ...Object.keys(t.acciones)
    .sort((a, b) => FAMILIAS.indexOf(a.split('.')[0]!) - FAMILIAS.indexOf(b.split('.')[0]!))
    .map((a) => ({ value: a, label: nombreAccion(a) })),
];

/** Configuración → Actividad (administrators only): who did what and when; searchable, exportable. */
export function ActividadPanel() {
  const [persona, setPersona] = useState('');
  const [accion, setAccion] = useState('');
  const [desde, setDesde] = useState('');
  const [hasta, setHasta] = useState('');
  const [filtros, setFiltros] = useState<FiltrosAuditoria>({});
  const [pagina, setPagina] = useState(0);
  const rangoInvalido = Boolean(desde && hasta && desde > hasta);

  const lista = useQuery({ ...consultas.auditoria.buscar({ filtros, pagina, porPagina: POR_PAGINA }), placeholderData: keepPreviousData });
  const exportar = useMutation({
    mutationFn: () => api.auditoria.exportarCsv({ filtros }),
    onSuccess: async (r) => {
      if (await guardarCsv(t.archivo, r.csv)) notifySuccess(t.exportado(r.filas));
    },
    onError: (e) => notifyError(mensajeDe(e, t.errorExportar)),
  });

  const buscar = (e: FormEvent) => {
    e.preventDefault();
    if (rangoInvalido) return;
    setPagina(0);
    setFiltros({ ...(persona.trim() ? { persona: persona.trim() } : {}), ...(accion ? { accion } : {}), ...rangoDeDias(desde, hasta) });
  };
  const limpiar = () => {
    setPersona('');
    setAccion('');
    setDesde('');
    setHasta('');
    setPagina(0);
    setFiltros({});
  };

  const total = lista.data?.total ?? 0;
  const columnas: Array<Columna<FilaAuditoria>> = [
    {
      titulo: t.colFecha,
      celda: (f) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(f.fecha)}
        </Text>
      ),
    },
    { titulo: t.colPersona, tipo: 'texto', anchoMaximo: 140, celda: (f) => f.persona ?? f.email ?? '—' },
    {
      titulo: t.colAccion,
      tipo: 'estado',
      celda: (f) => (
        <Badge variant="light" size="sm" color={f.accion.startsWith('eliminar') || f.accion.endsWith('rechazada') || f.accion.endsWith('rechazado') ? 'red' : 'blue'}>
          {nombreAccion(f.accion)}
        </Badge>
      ),
    },
    { titulo: t.colObjeto, tipo: 'texto', anchoMaximo: 120, celda: (f) => f.objeto ?? '—' },
    { titulo: t.colDetalle, tipo: 'texto', anchoMaximo: 150, celda: (f) => detalleEnTexto(f.detalle) || '—' },
  ];

  return (
    <Stack gap="lg">
      <TarjetaAjustes icono={<IconHistory size={18} />} titulo={t.titulo} detalle={t.subtitulo}
        accion={
          <Button variant="light" leftSection={<IconDownload size={16} />} loading={exportar.isPending} onClick={() => exportar.mutate()}>
            {t.exportar}
          </Button>
        }
      >
        <form onSubmit={buscar} noValidate>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput label={t.personaLabel} placeholder={t.personaPlaceholder} value={persona} onChange={(e) => setPersona(e.currentTarget.value)} w={220} />
            <Select label={t.accionLabel} data={OPCIONES_ACCION} value={accion} onChange={(v) => setAccion(v ?? '')} allowDeselect={false} w={260} comboboxProps={{ withinPortal: true }} />
            <TextInput type="date" label={t.desdeLabel} value={desde} onChange={(e) => setDesde(e.currentTarget.value)} w={160} />
            <TextInput type="date" label={t.hastaLabel} value={hasta} onChange={(e) => setHasta(e.currentTarget.value)} w={160} error={rangoInvalido ? t.fechasInvalidas : undefined} />
            <Button type="submit" leftSection={<IconSearch size={16} />} disabled={rangoInvalido}>
              {t.buscar}
            </Button>
            <Button variant="default" onClick={limpiar}>
              {t.limpiar}
            </Button>
          </Group>
        </form>
        <AvisoDeError error={lista.error} texto={t.errorCargar} color="red" variant="light" mt="md" />
      </TarjetaAjustes>
      <TablaDatos
        etiqueta={t.tabla}
        columnas={columnas}
        anchoMinimo={760}
        filas={lista.data?.filas ?? []}
        cargando={lista.isLoading}
        textoCargando={t.cargando}
        vacio={{ icono: <IconHistory size={24} />, texto: t.vacio }}
        propsFila={(f) => ({ 'data-testid': 'fila-actividad', 'data-accion': f.accion })}
        pie={
          total > 0 ? (
            <Group justify="space-between" p="sm">
              <Text size="sm" c="dimmed" data-testid="total-actividad">
                {t.total(total)}
              </Text>
              {total > POR_PAGINA && (
                <Pagination total={Math.ceil(total / POR_PAGINA)} value={pagina + 1} onChange={(p) => setPagina(p - 1)} size="sm" aria-label={t.tabla} />
              )}
            </Group>
          ) : undefined
        }
      />
    </Stack>
  );
}
