import { Button, Code, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconExternalLink, IconFileText } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LINEAS_REGISTRO } from '../../../shared/areas/datos/contract';
import { es } from '../../../shared/i18n/es';
import { api, consultas } from '../../api/client';
import { notifyError } from '../../components/toast';
import { TarjetaAjustes } from '../configuracion/TarjetaAjustes';
import { mensajeDe } from '../../lib/mensaje-error';
import { AvisoDeError } from '../../components/AvisoDeError';

const t = es.datos.pantallaRegistro;

/**
 * Registro de diagnóstico: where the log file is; 'Abrir registro' shows its last lines here (everywhere), and
 * the desktop window can also open the file with the system's viewer.
 */
export function RegistroCard() {
  const [abierto, setAbierto] = useState(false);
  const registro = useQuery(consultas.datos.registro({ lineas: LINEAS_REGISTRO }));
  const abrirArchivo = useMutation({
    mutationFn: () => api.datos.abrirRegistro({}),
    onError: (e) => notifyError(mensajeDe(e)),
  });
  const abrir = () => {
    setAbierto(true);
    void registro.refetch();
  };

  return (
    <TarjetaAjustes icono={<IconFileText size={18} />} titulo={t.titulo} detalle={t.detalle} data-testid="registro-diagnostico">
      {registro.isError ? (
        <AvisoDeError error={registro.error} color="yellow" variant="light" icon={<IconAlertCircle size={18} />} />
      ) : (
        <Stack gap="md">
          <div>
            <Text size="xs" c="dimmed" mb={4}>
              {t.archivo}
            </Text>
            <Code block data-testid="registro-ruta" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {registro.data?.ruta ?? '…'}
            </Code>
          </div>
          <Group gap="sm">
            <Button variant="light" leftSection={<IconFileText size={16} />} disabled={!registro.data} onClick={abrir}>
              {t.abrir}
            </Button>
            {registro.data?.puedeAbrir && (
              <Button variant="default" leftSection={<IconExternalLink size={16} />} loading={abrirArchivo.isPending} onClick={() => abrirArchivo.mutate()}>
                {t.abrirArchivo}
              </Button>
            )}
          </Group>
        </Stack>
      )}
      <Modal
        opened={abierto}
        onClose={() => setAbierto(false)}
        title={t.modalTitulo}
        size="xl"
        centered
        closeButtonProps={{ 'aria-label': t.cerrar }}
      >
        {registro.data && registro.data.lineas.length > 0 ? (
          <ScrollArea.Autosize mah="60vh" type="auto" offsetScrollbars data-testid="registro-lineas">
            <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 12 }}>
              {registro.data.lineas.join('\n')}
            </Code>
          </ScrollArea.Autosize>
        ) : (
          <Text size="sm" c="dimmed">
            {t.vacio}
          </Text>
        )}
      </Modal>
    </TarjetaAjustes>
  );
}
