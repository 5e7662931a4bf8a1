// Breakpoints mirror THEME.breakpoints in @atrium/shared (spec §9); CSS cannot import TS, so they are repeated here.
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '32.5em',
        'mantine-breakpoint-sm': '57.5em',
        'mantine-breakpoint-md': '83.75em',
        'mantine-breakpoint-lg': '95em',
        'mantine-breakpoint-xl': '160em',
      },
    },
  },
};
