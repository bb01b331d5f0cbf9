import { Alert, Button, Modal, Paper, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCalendarTime, IconPhoneCall } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatCosto, isoALocalBogota, localBogotaAIso } from '../../../shared/areas/llamadas/rules';
import { formatDateTime } from '../../lib/format';
import { notifyError, notifySuccess } from '../../components/toast';
import { api, consultas } from '../../api/client';
import { dialogoSiCorresponde, fmtNumero, t } from './comun';
import { mensajeDe } from '../../lib/mensaje-error';
import { CargandoEnLinea } from '../../components/CargandoEnLinea';
import type { Lote } from './lotes';
import { PieDeModal } from '../../components/PieDeModal';

/**
 * The bulk-call confirmation: how many clients, the estimate (minutes and cost against the campaign's cap,
 * who is skipped for being on the 'No llamar' list) and, optionally, a later start.
 */
export function ConfirmarLoteModal({ campanaId, clienteIds, onClose, onIniciado }: { campanaId: number; clienteIds: number[]; onClose: () => void; onIniciado: (lote: Lote) => void }) {
  const c = t.confirmarLote;
  const estimacion = useQuery({ ...consultas.llamadas.estimarLote({ campanaId, clienteIds }), staleTime: 0 });
  const [programar, setProgramar] = useState(false);
  // The moment the dialog opened: a start before it is refused here (the api checks again when it is sent).
  const [abierto] = useState(() => Date.now());
  const [cuando, setCuando] = useState(() => isoALocalBogota(new Date(Math.ceil((abierto + 60 * 60_000) / 3_600_000) * 3_600_000).toISOString()));
  const [enviando, setEnviando] = useState(false);
  const programadoPara = programar ? localBogotaAIso(cuando) : null;
  const fechaMal = programar && cuando !== '' && (!programadoPara || Date.parse(programadoPara) <= abierto);
  const bloqueado = programar && (!programadoPara || fechaMal);

  const confirmar = async () => {
    if (bloqueado || enviando) return;
    setEnviando(true);
    try {
      const lote = await api.llamadas.llamarLote({ campanaId, clienteIds, ...(programadoPara ? { programadoPara } : {}) });
      if (programadoPara) notifySuccess(c.programado(formatDateTime(programadoPara)));
      onIniciado(lote);
    } catch (e) {
      onClose();
      if (!dialogoSiCorresponde(e)) notifyError(mensajeDe(e, t.llamar.errorProcesar));
    } finally {
      setEnviando(false);
    }
  };

  const e = estimacion.data;
  return (
    <Modal opened closeButtonProps={{ 'aria-label': t.lote.cerrar }} onClose={onClose} title={t.llamar.confirmarLoteTitulo} size="lg" centered>
      <Stack data-testid="confirmar-lote">
        <Text size="sm">{t.llamar.confirmarLote(clienteIds.length)}</Text>
        {estimacion.isLoading ? (
          <CargandoEnLinea texto={c.estimando} />
        ) : estimacion.isError || !e ? (
          <Alert color="yellow" variant="light">
            {mensajeDe(estimacion.error, c.errorEstimar)}
          </Alert>
        ) : (
          <>
            <SimpleGrid cols={{ base: 2, sm: 3 }} data-testid="estimacion">
              {[
                { etiqueta: c.llamables, valor: fmtNumero(e.llamables), testId: 'estimacion-llamables' },
                { etiqueta: c.omitidosNoLlamar, valor: fmtNumero(e.omitidosNoLlamar), testId: 'estimacion-no-llamar' },
                { etiqueta: c.minutos, valor: fmtNumero(e.minutosEstimados), testId: 'estimacion-minutos' },
                { etiqueta: c.costo, valor: formatCosto(e.costoEstimado), testId: 'estimacion-costo' },
                { etiqueta: c.restantes, valor: e.minutosRestantes === null ? c.sinTope : fmtNumero(e.minutosRestantes), testId: 'estimacion-restantes' },
              ].map((x) => (
                <Paper key={x.testId} withBorder p="xs">
                  <Text size="xs" c="dimmed">
                    {x.etiqueta}
                  </Text>
                  <Text fw={700} data-testid={x.testId}>
                    {x.valor}
                  </Text>
                </Paper>
              ))}
            </SimpleGrid>
            {e.superaTope ? (
              <Alert color="orange" variant="light" icon={<IconAlertTriangle size={16} />} data-testid="estimacion-supera">
                {c.superaTope}
              </Alert>
            ) : null}
          </>
        )}
        <Switch label={c.programar} checked={programar} onChange={(ev) => setProgramar(ev.currentTarget.checked)} />
        {programar ? (
          <TextInput
            type="datetime-local"
            step={60}
            label={c.programarPara}
            value={cuando}
            onChange={(ev) => setCuando(ev.currentTarget.value)}
            error={fechaMal ? c.programarInvalido : null}
            data-testid="programar-para"
          />
        ) : null}
        <PieDeModal cancelar={t.llamar.cancelar} onCancelar={onClose}>
          <Button
            leftSection={programar ? <IconCalendarTime size={16} /> : <IconPhoneCall size={16} />}
            onClick={() => void confirmar()}
            loading={enviando}
            disabled={bloqueado}
          >
            {programar ? c.programarBoton : t.llamar.si}
          </Button>
        </PieDeModal>
      </Stack>
    </Modal>
  );
}
