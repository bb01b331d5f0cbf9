/** Reading an MP3 as a player would: its duration from the frame headers, and the m:ss a player shows. */

/** Duration of an MP3 from its frame headers (MPEG 1/2/2.5 Layer III), skipping ID3 and a Xing/Info frame. */
export function duracionMp3(buf: Buffer): number {
  let i = 0;
  if (buf.subarray(0, 3).toString('latin1') === 'ID3') i = 10 + ((buf[6]! << 21) | (buf[7]! << 14) | (buf[8]! << 7) | buf[9]!);
  const BITRATES: Record<string, number[]> = {
    v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
    v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  };
  const RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };
  let seconds = 0;
  let first = true;
  while (i + 4 <= buf.length) {
    if (buf[i] !== 0xff || (buf[i + 1]! & 0xe0) !== 0xe0) {
      i += 1;
      continue;
    }
    const version = (buf[i + 1]! >> 3) & 3; // 3 = MPEG1, 2 = MPEG2, 0 = MPEG2.5
    const bitrate = (BITRATES[version === 3 ? 'v1' : 'v2']![(buf[i + 2]! >> 4) & 15] ?? 0) * 1000;
    const rate = RATES[version]?.[(buf[i + 2]! >> 2) & 3];
    if (!bitrate || !rate) {
      i += 1;
      continue;
    }
    const padding = (buf[i + 2]! >> 1) & 1;
    const samples = version === 3 ? 1152 : 576;
    const length = Math.floor(((samples / 8) * bitrate) / rate) + padding;
    const side = version === 3 ? ((buf[i + 3]! >> 6) === 3 ? 17 : 32) : (buf[i + 3]! >> 6) === 3 ? 9 : 17;
    const tag = buf.subarray(i + 4 + side, i + 8 + side).toString('latin1');
    if (!(first && (tag === 'Xing' || tag === 'Info'))) seconds += samples / rate;
    first = false;
    i += length;
  }
  return seconds;
}

/** Seconds as the player shows them (m:ss). */
export const fmt = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;
