/** Where the demo recordings are, and reading them as the base64 text registro_audio_llamadas stores. */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { electronResourcesPath, findUpwards } from '../migrate';

/** resources/demo-audio: env CONSOLA_DEMO_AUDIO_DIR, the repository (walking up), or the packaged app. */
export function findDemoAudioDir(): string | null {
  const fromEnv = process.env.CONSOLA_DEMO_AUDIO_DIR;
  if (fromEnv) return existsSync(fromEnv) ? resolve(fromEnv) : null;
  const found = findUpwards(join('resources', 'demo-audio'));
  if (found) return found;
  const resources = electronResourcesPath();
  if (resources) {
    for (const candidate of [join(resources, 'demo-audio'), join(resources, 'resources', 'demo-audio')]) {
      if (existsSync(candidate)) return candidate;
    }
  }
  return null;
}

export async function loadAudio(dir: string | null): Promise<string[]> {
  if (!dir || !existsSync(dir)) return [];
  try {
    const files = (await readdir(dir)).filter((f) => f.toLowerCase().endsWith('.mp3')).sort();
    return await Promise.all(files.map(async (f) => (await readFile(join(dir, f))).toString('base64')));
  } catch {
    return [];
  }
}
