import { createTheme, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import type { AccentColor } from '../../shared/domain/preferencias';

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
    },
  });
}

export const theme = buildTheme('green');

/** Toast durations (part 1 §9). */
export const TOAST_SUCCESS_MS = 3000;
export const TOAST_ERROR_MS = 4000;
