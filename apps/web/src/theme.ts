import { createTheme, type MantineColorsTuple } from '@mantine/core';
import { THEME } from '@atrium/shared/constants';

// Ten shades around the spec's primary #3DABFF (shade 5), light to dark.
const atrium: MantineColorsTuple = [
  '#e6f4ff',
  '#cce8ff',
  '#9fd4ff',
  '#74c1ff',
  '#55b4ff',
  THEME.primary,
  '#1f97f2',
  '#0a80d8',
  '#0070c2',
  '#005fa8',
];

const fontStack = `${THEME.fontFamily}, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif`;

export const theme = createTheme({
  colors: { atrium },
  primaryColor: 'atrium',
  primaryShade: 5,
  fontFamily: fontStack,
  headings: { fontFamily: fontStack, fontWeight: '700' },
  defaultRadius: 'xl',
  radius: { xl: `${THEME.radiusXl / 16}rem` },
  breakpoints: THEME.breakpoints,
  autoContrast: true,
  components: {
    Container: { defaultProps: { size: THEME.containerMaxWidth } },
  },
});
