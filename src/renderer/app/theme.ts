import { createTheme } from '@mantine/core';

/** Green accent (the default of the ten accent colours of part 3 §2.5). */
export const theme = createTheme({
  primaryColor: 'green',
  primaryShade: { light: 8, dark: 7 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, "Segoe UI", system-ui, -apple-system, BlinkMacSystemFont, Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
  components: {
    Paper: { defaultProps: { radius: 'lg' } },
  },
});

/** Toast durations (part 1 §9). */
export const TOAST_SUCCESS_MS = 3000;
export const TOAST_ERROR_MS = 4000;
