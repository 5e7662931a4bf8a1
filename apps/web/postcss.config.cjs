/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS config: PostCSS loads its plugins with require() */
// Breakpoints mirror THEME.breakpoints in @atrium/shared (spec §9); CSS cannot import TS, so they are repeated here.

// The app is light only (MantineProvider defaultColorScheme="light", nothing switches it): Mantine's rules
// for the dark scheme (its whole dark palette of CSS variables, ~0.7 KB gzip of the first load) never
// apply, so selectors that need the dark scheme are dropped, and rules left with none.
const DARK = /\[data-mantine-color-scheme=['"]?dark['"]?\]/;
const dropDarkScheme = () => ({
  postcssPlugin: 'atrium-drop-dark-scheme',
  Rule(rule) {
    if (!DARK.test(rule.selector)) return;
    const kept = rule.selectors.filter((s) => !DARK.test(s));
    if (kept.length === 0) rule.remove();
    else rule.selectors = kept;
  },
});
dropDarkScheme.postcss = true;

module.exports = {
  plugins: [
    require('postcss-preset-mantine')(),
    require('postcss-simple-vars')({
      variables: {
        'mantine-breakpoint-xs': '32.5em',
        'mantine-breakpoint-sm': '57.5em',
        'mantine-breakpoint-md': '83.75em',
        'mantine-breakpoint-lg': '95em',
        'mantine-breakpoint-xl': '160em',
      },
    }),
    dropDarkScheme(),
  ],
};
