import { convertCssVariables, DEFAULT_THEME, defaultCssVariablesResolver, mergeMantineTheme } from '@mantine/core';
import type { Plugin } from 'vite';
import { theme } from './src/theme.ts';

// Mantine's CSS variables for the app's theme, written at build time instead of on every page load.
//
// MantineProvider computes every colour's variables (ten shades, light and dark variants, contrast
// checks) for the theme as it first renders, and Mantine computes them for its default theme once more
// when its module loads, to leave out the values its stylesheet already has: ~25 ms on a phone each,
// in the first load's longest tasks (Lighthouse Total Blocking Time). The theme is a constant, so the
// same `<style>` text is this stylesheet (`virtual:atrium-theme-vars.css`, imported by main.tsx), the
// provider runs with `withCssVariables={false}` (App.tsx), and the default-theme pass only runs if
// something asks for it (the transform below makes it lazy).

const VIRTUAL = 'virtual:atrium-theme-vars.css';
const RESOLVED = `\0${VIRTUAL}`;

/** What MantineCssVariables renders for `theme` at the document root, less Mantine's own defaults. */
export function themeVariablesCss(): string {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const ours = defaultCssVariablesResolver(merged);
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const cleaned = { variables: {}, light: {}, dark: {} } as typeof ours;
  for (const part of ['variables', 'light', 'dark'] as const)
    for (const [k, v] of Object.entries(ours[part])) if (defaults[part][k as keyof (typeof defaults)[typeof part]] !== v) (cleaned[part] as Record<string, string>)[k] = v;
  return convertCssVariables(cleaned);
}

const LAZY_FROM = 'const defaultCssVariables = defaultCssVariablesResolver(DEFAULT_THEME);';

export function mantineThemeVars(): Plugin {
  return {
    name: 'atrium-mantine-theme-vars',
    resolveId: (id) => (id === VIRTUAL ? RESOLVED : undefined),
    load: (id) => (id === RESOLVED ? themeVariablesCss() : undefined),
    transform(code, id) {
      if (!id.includes('@mantine/core') || !id.endsWith('remove-default-variables.mjs')) return;
      if (!code.includes(LAZY_FROM)) this.error(`${id}: Mantine changed; update mantineThemeVars.ts`);
      return code
        .replace(LAZY_FROM, 'let defaultCssVariablesCache;\nconst defaults = () => (defaultCssVariablesCache ??= defaultCssVariablesResolver(DEFAULT_THEME));')
        .replaceAll('defaultCssVariables.', 'defaults().');
    },
  };
}
