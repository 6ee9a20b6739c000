import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * Punkto teal: calm, trustworthy, readable on white. Shades 7–9 are dark enough for WCAG AA text contrast
 * (shade 8, the primary: 5.3:1 against white, both as text and under white button labels).
 */
const punkto: MantineColorsTuple = [
  '#e6fcf8',
  '#d3f4ee',
  '#a9e8dc',
  '#7bdbc9',
  '#56d0b9',
  '#3ec9ae',
  '#2ec5a8',
  '#00897b',
  '#00796b',
  '#00695c',
];

/** System fonts only: nothing is loaded from the internet. */
const systemFonts =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'punkto',
  primaryShade: { light: 8, dark: 6 },
  colors: { punkto },
  fontFamily: systemFonts,
  headings: { fontFamily: systemFonts, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
});

/** Mantine's default "dimmed" text (gray 6) is below 4.5:1 on white: use gray 7 (WCAG AA). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
