import { ActionIcon, Button, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconHeadphones, IconPlayerPauseFilled, IconPlayerPlayFilled, IconRewindBackward10, IconRewindForward10 } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import WaveSurfer from 'wavesurfer.js';
import { formatTiempo } from '../../../shared/areas/llamadas/rules';
import { api } from '../../api/client';
import { t } from './comun';

/** base64 → Blob (audio/mpeg). */
export function base64ABlob(base64: string, mime = 'audio/mpeg'): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: mime });
}

/**
 * The call recording (part 2 §2, §9): 'Escuchar audio' / 'Cargando audio...', the base64 MP3 decoded into a
 * blob, a wavesurfer waveform of height 60 with play/pause, click-to-seek, ±10 s and elapsed/total time.
 * A failed load clears the audio silently.
 */
export function AudioPlayer({ conversationId }: { conversationId: string }) {
  const h = t.historial;
  const [blob, setBlob] = useState<Blob | null>(null);
  const [cargando, setCargando] = useState(false);

  const cargar = async () => {
    setCargando(true);
    try {
      const r = await api.llamadas.audio({ conversationId });
      setBlob(base64ABlob(r.base64, r.mime));
    } catch {
      setBlob(null); // silently
    } finally {
      setCargando(false);
    }
  };

  if (!blob) {
    return (
      <Button variant="light" leftSection={<IconHeadphones size={16} />} onClick={() => void cargar()} loading={cargando} loaderProps={{ type: 'dots' }} data-testid="escuchar-audio">
        {cargando ? h.cargandoAudio : h.escucharAudio}
      </Button>
    );
  }
  return <Onda blob={blob} onError={() => setBlob(null)} />;
}

function Onda({ blob, onError }: { blob: Blob; onError: () => void }) {
  const h = t.historial;
  const ref = useRef<HTMLDivElement>(null);
  const ws = useRef<WaveSurfer | null>(null);
  const [listo, setListo] = useState(false);
  const [sonando, setSonando] = useState(false);
  const [actual, setActual] = useState(0);
  const [total, setTotal] = useState(0);
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onErrorRef.current = onError;
  }, [onError]);

  useEffect(() => {
    if (!ref.current) return;
    const w = WaveSurfer.create({
      container: ref.current,
      height: 60,
      waveColor: '#b7c4a8',
      progressColor: '#2f9e44',
      cursorColor: '#1b5e20',
      barWidth: 2,
      barGap: 1,
      barRadius: 2,
      interact: true,
    });
    ws.current = w;
    const subs = [
      w.on('ready', (d) => {
        setTotal(d);
        setListo(true);
      }),
      w.on('timeupdate', (s) => setActual(s)),
      w.on('play', () => setSonando(true)),
      w.on('pause', () => setSonando(false)),
      w.on('finish', () => setSonando(false)),
    ];
    w.loadBlob(blob).catch(() => onErrorRef.current());
    return () => {
      subs.forEach((u) => u());
      w.destroy();
      ws.current = null;
    };
  }, [blob]);

  return (
    <Paper withBorder p="sm" radius="md" data-testid="reproductor">
      <div ref={ref} style={{ width: '100%', minHeight: 60, cursor: 'pointer' }} data-testid="onda" />
      <Group justify="space-between" mt="xs">
        <Group gap={4}>
          <Tooltip label={h.atras10}>
            <ActionIcon variant="subtle" aria-label={h.atras10} onClick={() => ws.current?.skip(-10)} disabled={!listo}>
              <IconRewindBackward10 size={18} />
            </ActionIcon>
          </Tooltip>
          <ActionIcon size="lg" radius="xl" aria-label={sonando ? h.pausar : h.reproducir} onClick={() => void ws.current?.playPause()} disabled={!listo} data-testid="play-pausa">
            {sonando ? <IconPlayerPauseFilled size={18} /> : <IconPlayerPlayFilled size={18} />}
          </ActionIcon>
          <Tooltip label={h.adelante10}>
            <ActionIcon variant="subtle" aria-label={h.adelante10} onClick={() => ws.current?.skip(10)} disabled={!listo}>
              <IconRewindForward10 size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Text size="sm" ff="monospace" data-testid="tiempo-audio">
          <span data-testid="tiempo-actual">{formatTiempo(actual)}</span> / <span data-testid="tiempo-total" data-segundos={total.toFixed(3)}>{formatTiempo(total)}</span>
        </Text>
      </Group>
    </Paper>
  );
}
