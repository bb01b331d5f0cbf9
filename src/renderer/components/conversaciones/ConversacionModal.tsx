import { Box, Button, Center, Group, Loader, Modal, ScrollArea, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChecks, IconRobot } from '@tabler/icons-react';
import { mensajes as t } from '../../../shared/areas/mensajes/texts';
import { parsearMensaje } from '../../../shared/areas/mensajes/rules';
import type { MensajeConversacion } from '../../../shared/areas/mensajes/formas';
import { fechaColombia } from './fechaColombia';

/**
 * One session's conversation as chat bubbles (part 3 §2.3), with its message count. The caller loads the
 * messages; `error`, when given, is shown in place of the bubbles (left out where the caller toasts it).
 */
export function ConversacionModal({
  abierta,
  sessionId,
  mensajes,
  cargando,
  error,
  onClose,
}: {
  abierta: boolean;
  sessionId: string | null;
  mensajes: MensajeConversacion[];
  cargando: boolean;
  error?: string | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={abierta}
      onClose={onClose}
      closeOnClickOutside
      size="xl"
      radius="lg"
      title={
        <Stack gap={0}>
          <Text fw={700} size="lg">
            {t.conversacion}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {sessionId}
          </Text>
        </Stack>
      }
      styles={{ content: { maxHeight: '80vh' } }}
      closeButtonProps={{ 'aria-label': t.cerrar }}
    >
      <ScrollArea h="60vh" type="auto" offsetScrollbars bg="var(--mantine-color-gray-0)" style={{ borderRadius: 12 }}>
        <Stack gap="sm" p="md" data-testid="conversacion">
          {cargando ? (
            <Center py="xl">
              <Loader size="sm" />
            </Center>
          ) : error ? (
            <Center py="xl">
              <Text c="red">{error}</Text>
            </Center>
          ) : mensajes.length === 0 ? (
            <Center py="xl">
              <Text c="dimmed">{t.sinMensajesSesion}</Text>
            </Center>
          ) : (
            mensajes.map((m) => {
              const p = parsearMensaje(m.message);
              const humano = p.rol === 'humano';
              return (
                <Group key={m.id} justify={humano ? 'flex-end' : 'flex-start'} align="flex-end" wrap="nowrap" gap={8} data-rol={p.rol}>
                  {!humano ? (
                    <ThemeIcon variant="light" color="gray" radius="xl" size={28}>
                      <IconRobot size={16} />
                    </ThemeIcon>
                  ) : null}
                  <Box
                    maw="70%"
                    px="md"
                    py={8}
                    style={{
                      borderRadius: humano ? '16px 16px 4px 16px' : '16px 16px 16px 4px',
                      background: humano ? 'var(--mantine-color-green-7)' : 'var(--mantine-color-body)',
                      color: humano ? 'white' : undefined,
                      border: humano ? undefined : '1px solid var(--mantine-color-default-border)',
                      boxShadow: '0 1px 2px rgba(0,0,0,0.06)',
                    }}
                  >
                    <Text size="xs" fw={700} mb={2} c={humano ? 'green.1' : 'dimmed'}>
                      {humano ? t.tu : t.ia}
                    </Text>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                      {p.texto}
                    </Text>
                    <Group gap={4} justify="flex-end" mt={4} wrap="nowrap">
                      <Text size="10px" c={humano ? 'green.1' : 'dimmed'} title={m.fechaCruda ?? undefined}>
                        {fechaColombia(m.fecha)}
                      </Text>
                      {humano ? <IconChecks size={14} aria-label="Enviado" /> : null}
                    </Group>
                    {m.fechaCruda ? (
                      <Text size="10px" ta="right" ff="monospace" c={humano ? 'green.2' : 'dimmed'} opacity={0.85}>
                        {m.fechaCruda}
                      </Text>
                    ) : null}
                  </Box>
                </Group>
              );
            })
          )}
        </Stack>
      </ScrollArea>
      <Group justify="space-between" mt="md">
        <Text size="sm" c="dimmed" data-testid="contador-mensajes">
          {t.contador(mensajes.length)}
        </Text>
        <Button variant="default" onClick={onClose}>
          {t.cerrar}
        </Button>
      </Group>
    </Modal>
  );
}
