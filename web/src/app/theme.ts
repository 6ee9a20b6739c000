import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Punkto teal: calm, trustworthy, readable on white (shade 7 passes WCAG AA for text). */
const punkto: MantineColorsTuple = [
  '#e6fcf8',
  '#d3f4ee',
  '#a9e8dc',
  '#7bdbc9',
  '#56d0b9',
  '#3ec9ae',
  '#2ec5a8',
  '#1aad93',
  '#0a9a82',
  '#00856f',
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
