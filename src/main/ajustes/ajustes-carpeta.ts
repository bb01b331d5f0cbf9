/**
 * One settings file per data folder: `ajustes.json`. The desktop (electron-store, name 'ajustes') and the
 * served build (serve-cli, json-settings.ts) read and write the same file, so a folder used by both keeps one
 * set of settings. Before issue 26 the served build wrote `settings.json`; its keys are moved into
 * `ajustes.json` the first time either program opens the folder, and the old file is removed.
 */
import { readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '../../shared/errors';
import { es } from '../../shared/i18n/es';
import type { SettingsPort } from '../../shared/ports/settings';
import { crearAjustesJson, type JsonSettings } from './json-settings';

export const ARCHIVO_AJUSTES = 'ajustes.json';
/** The served build's file before issue 26. */
export const ARCHIVO_AJUSTES_ANTIGUO = 'settings.json';

export interface AjustesUnidos {
  /** Keys copied into ajustes.json. */
  copiadas: string[];
  /** Keys ajustes.json already had: its value is kept (it is the file both programs write from now on). */
  conservadas: string[];
  /** Keys refused by the settings guard (they look like a secret, or are not a valid key): not copied. */
  descartadas: string[];
}

/**
 * Moves the old `settings.json` of `dataDir` into `destino` (the folder's ajustes.json, through its SettingsPort,
 * so the secret guard applies to every key copied), then removes the old file. A key both files have keeps
 * ajustes.json's value, so running this again after a crash halfway changes nothing. The old file is removed,
 * not kept as a copy: a plain file in the data folder is exactly where a setting must never linger. A damaged
 * old file is kept as `settings.json.bak` (like json-settings.ts does) and nothing is copied from it.
 * Returns null when there was no old file.
 */
export function unirAjustesAntiguos(dataDir: string, destino: SettingsPort, log: (message: string) => void = () => {}): AjustesUnidos | null {
  const antiguo = join(dataDir, ARCHIVO_AJUSTES_ANTIGUO);
  let texto: string;
  try {
    texto = readFileSync(antiguo, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let valores: unknown;
  try {
    valores = JSON.parse(texto);
  } catch {
    valores = null;
  }
  if (typeof valores !== 'object' || valores === null || Array.isArray(valores)) {
    renameSync(antiguo, `${antiguo}.bak`);
    log(es.escritorio.ajustesAntiguosDanados(ARCHIVO_AJUSTES_ANTIGUO));
    return { copiadas: [], conservadas: [], descartadas: [] };
  }
  const unidos: AjustesUnidos = { copiadas: [], conservadas: [], descartadas: [] };
  for (const [clave, valor] of Object.entries(valores)) {
    try {
      if (destino.get(clave) !== undefined) {
        unidos.conservadas.push(clave);
        continue;
      }
      destino.set(clave, valor);
      unidos.copiadas.push(clave);
    } catch (error) {
      // Anything but the guard's refusal (a full disk…) stops here and the old file stays for the next start.
      if (!AppError.is(error) || error.code !== 'validation') throw error;
      // Only the key's name is logged, never its value: it may be the very secret the guard refused.
      unidos.descartadas.push(clave);
      log(es.escritorio.ajusteNoUnido(clave, ARCHIVO_AJUSTES_ANTIGUO));
    }
  }
  rmSync(antiguo, { force: true });
  log(es.escritorio.ajustesUnidos(ARCHIVO_AJUSTES_ANTIGUO, ARCHIVO_AJUSTES, unidos.copiadas.length));
  return unidos;
}

/** The data folder's settings outside Electron (serve-cli, the host's default): ajustes.json, the old file moved in. */
export function abrirAjustesDeCarpeta(dataDir: string, log?: (message: string) => void): JsonSettings {
  const ajustes = crearAjustesJson(join(dataDir, ARCHIVO_AJUSTES), { log });
  unirAjustesAntiguos(dataDir, ajustes, log);
  return ajustes;
}
