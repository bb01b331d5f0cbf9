/** Pure rules of Configuración → Seguridad (unit-tested). */
import { seguridad as t } from './texts';

const NAVEGADORES: Array<[RegExp, string]> = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/HeadlessChrome\//, 'Chromium (automático)'],
  [/Chromium\//, 'Chromium'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/curl\//, 'curl'],
];
const SISTEMAS: Array<[RegExp, string]> = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iOS/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome en Windows" from a User-Agent; the desktop app's own window (no User-Agent) says so. */
export function dispositivoDe(userAgent: string | null | undefined): string {
  if (!userAgent) return t.escritorio;
  const navegador = NAVEGADORES.find(([re]) => re.test(userAgent))?.[1];
  const sistema = SISTEMAS.find(([re]) => re.test(userAgent))?.[1];
  if (navegador && sistema) return `${navegador} en ${sistema}`;
  return navegador ?? sistema ?? t.desconocido;
}
