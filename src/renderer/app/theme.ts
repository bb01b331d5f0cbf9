import { createTheme, darken, getPrimaryShade, luminance, type CSSVariablesResolver, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import { es } from '../../shared/i18n/es';
import type { AccentColor } from '../../shared/areas/configuracion/rules';

/** Two accent colours Mantine does not ship under these names (part 3 §2.5). */
const purple: MantineColorsTuple = ['#f6f0ff', '#e8dcfb', '#ceb6f3', '#b38dec', '#9b6ae5', '#8c54e1', '#8548e0', '#7339c7', '#6631b3', '#57289e'];
const slate: MantineColorsTuple = ['#f1f5f9', '#e2e8f0', '#cbd5e1', '#94a3b8', '#7b8ba1', '#64748b', '#526075', '#475569', '#334155', '#1e293b'];

/** The Mantine palette each accent colour uses. */
export const ACCENT_PALETTE: Record<AccentColor, string> = {
  red: 'red',
  green: 'green',
  blue: 'blue',
  purple: 'purple',
  orange: 'orange',
  pink: 'pink',
  indigo: 'indigo',
  teal: 'teal',
  yellow: 'yellow',
  slate: 'slate',
};

/** The app theme for an accent colour (green is the default of the ten accent colours of part 3 §2.5). */
export function buildTheme(accent: AccentColor = 'green'): MantineThemeOverride {
  return createTheme({
    colors: { purple, slate },
    primaryColor: ACCENT_PALETTE[accent],
    primaryShade: { light: accent === 'yellow' ? 6 : 8, dark: 7 },
    autoContrast: true,
    defaultRadius: 'md',
    fontFamily:
      'Inter, "Segoe UI", system-ui, -apple-system, BlinkMacSystemFont, Roboto, "Helvetica Neue", Arial, sans-serif',
    headings: { fontWeight: '700' },
    cursorType: 'pointer',
    components: {
      Paper: { defaultProps: { radius: 'lg' } },
      // A toast's close button is an icon: screen readers get its name (axe button-name).
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': es.shell.descartarAviso } } },
      // Arrow buttons have no text of their own: screen readers get their names.
      Pagination: {
        defaultProps: {
          getControlProps: (control: 'first' | 'previous' | 'next' | 'last') => ({ 'aria-label': es.shell.paginacion[control] }),
          getItemProps: (page: number) => ({ 'aria-label': es.shell.paginacion.pagina(page) }),
        },
      },
      // A status badge is read, never guessed: it keeps its whole text and does not shrink; the column or
      // the row around it makes room (issue 12: 'ATEN…', 'SIN L…', 'LÍMITE EXCEDI…' at 1360 px).
      Badge: {
        styles: {
          root: { flexShrink: 0, maxWidth: 'none', overflow: 'visible' },
          label: { overflow: 'visible', textOverflow: 'clip', whiteSpace: 'nowrap' },
        },
      },
    },
  });
}

export const theme = buildTheme('green');

/** WCAG contrast ratio of two colours. */
function contraste(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `color` darkened in small steps until it reads at 4.5:1 (with a margin) against `fondo`. */
function legible(color: string, fondo: string): string {
  let actual = color;
  for (let paso = 1; paso <= 20 && contraste(actual, fondo) < 4.6; paso++) actual = darken(color, paso * 0.04);
  return actual;
}

/**
 * Light mode colours that read at WCAG AA (4.5:1), checked by the axe scan of every route (issue 12):
 * - Mantine's dimmed text (gray 6 on white, 3.3:1) is one shade darker;
 * - for every palette colour, the text of light badges and buttons (shade 9 on shade 1: 3.2:1 for green),
 *   coloured text, subtle and outline variants, and filled backgrounds under white text (green 8: 3.4:1) are
 *   darkened just enough. Dark mode keeps Mantine's values. Backgrounds keep their hue, so the accent colour
 *   an operator picked still shows.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' };
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (!Array.isArray(shades) || shades.length < 10) continue;
    const blanco = theme.white;
    const relleno = shades[getPrimaryShade(theme, 'light')]!; // what Mantine fills with in light mode
    light[`--mantine-color-${name}-light-color`] = legible(shades[9]!, shades[1]!);
    const texto = legible(shades[8]!, blanco);
    light[`--mantine-color-${name}-text`] = texto;
    light[`--mantine-color-${name}-outline`] = texto;
    // Filled backgrounds darken only where Mantine puts white text on them (its auto-contrast rule: luminance
    // under theme.luminanceThreshold); light colours carry black text already.
    if (luminance(relleno) < (theme.luminanceThreshold ?? 0.3)) {
      const fondo = legible(relleno, blanco);
      light[`--mantine-color-${name}-filled`] = fondo;
      light[`--mantine-color-${name}-filled-hover`] = darken(fondo, 0.1);
    }
  }
  return { variables: {}, light, dark: {} };
};

/** Toast durations (part 1 §9). */
export const TOAST_SUCCESS_MS = 3000;
export const TOAST_ERROR_MS = 4000;
