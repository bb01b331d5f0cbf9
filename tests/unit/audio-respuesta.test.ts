/**
 * What an audio function may answer, in each shape a deployment sends (the shipped supabase/functions/
 * audio-llamada answers `{ audio }`; older deployments answered text or the MP3 bytes): always the plain base64.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { base64DeRespuesta } from '../../src/shared/areas/llamadas/audio';

/** Longer than one 32 KB chunk of the base64 encoder. */
const MP3 = Buffer.concat([Buffer.from('ID3'), randomBytes(70_000)]);
const B64 = MP3.toString('base64');

describe('base64DeRespuesta', () => {
  it('JSON con data: y saltos de línea, texto, bytes: el mismo base64', () => {
    expect(base64DeRespuesta({ audio: `data:audio/mpeg;base64,${B64.slice(0, 100)}\n${B64.slice(100)}` })).toBe(B64);
    expect(base64DeRespuesta({ audio_base64: B64 })).toBe(B64);
    expect(base64DeRespuesta(B64)).toBe(B64);
    expect(base64DeRespuesta(new Uint8Array(MP3))).toBe(B64);
  });

  it('nada útil: null', () => {
    expect(base64DeRespuesta('')).toBeNull();
    expect(base64DeRespuesta(new Uint8Array())).toBeNull();
    expect(base64DeRespuesta({ otra: 'cosa' })).toBeNull();
    expect(base64DeRespuesta(null)).toBeNull();
  });
});
