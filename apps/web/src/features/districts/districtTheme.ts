import type { DistrictStyles } from '@atrium/shared';

const RADIUS: Record<NonNullable<DistrictStyles['buttonCorners']>, string> = { square: '0', rounded: '8px', pill: '999px' };

/**
 * The district's Appearance (spec §2 Settings) as CSS variables: its own (`--district-*`, which the
 * district pages read) and Mantine's primary colour, font and corner variables, so every page on the
 * district host (home, members, settings, the viewer's chrome) wears the theme without knowing it.
 */
export function themeVariables(styles: DistrictStyles): Record<string, string> {
  const vars: Record<string, string> = {};
  if (styles.themeColor) {
    vars['--district-theme'] = styles.themeColor;
    vars['--mantine-primary-color-filled'] = styles.themeColor;
    vars['--mantine-primary-color-filled-hover'] = `color-mix(in srgb, ${styles.themeColor} 85%, black)`;
    vars['--mantine-primary-color-light'] = `color-mix(in srgb, ${styles.themeColor} 12%, transparent)`;
    vars['--mantine-primary-color-light-hover'] = `color-mix(in srgb, ${styles.themeColor} 20%, transparent)`;
    vars['--mantine-primary-color-light-color'] = styles.themeColor;
    vars['--mantine-color-anchor'] = styles.themeColor;
    // Components given the primary colour by name (Tabs, light buttons) read the palette's own variables.
    for (const v of ['filled', 'light-color', 'outline', 'text']) vars[`--mantine-color-atrium-${v}`] = styles.themeColor;
    vars['--mantine-color-atrium-filled-hover'] = vars['--mantine-primary-color-filled-hover'];
    vars['--mantine-color-atrium-light'] = vars['--mantine-primary-color-light'];
    vars['--mantine-color-atrium-light-hover'] = vars['--mantine-primary-color-light-hover'];
    vars['--mantine-color-atrium-5'] = styles.themeColor;
    vars['--mantine-color-atrium-6'] = styles.themeColor;
  }
  if (styles.textColor) vars['--district-text'] = styles.textColor;
  if (styles.fontFamily) {
    vars['--district-font'] = `'${styles.fontFamily}', var(--mantine-font-family)`;
    vars['--mantine-font-family-headings'] = `'${styles.fontFamily}', sans-serif`;
  }
  if (styles.buttonCorners) {
    vars['--district-radius'] = RADIUS[styles.buttonCorners];
    vars['--mantine-radius-default'] = RADIUS[styles.buttonCorners];
  }
  if (styles.logoHeight) vars['--district-logo-height'] = `${styles.logoHeight}px`;
  return vars;
}

let applied: string[] = [];

/** Puts the theme on the document root (replacing the previous one), where Mantine's own variables live. */
export function applyDistrictTheme(styles: DistrictStyles | null, root: HTMLElement = document.documentElement) {
  for (const name of applied) root.style.removeProperty(name);
  const vars = styles ? themeVariables(styles) : {};
  for (const [name, value] of Object.entries(vars)) root.style.setProperty(name, value);
  applied = Object.keys(vars);
  root.toggleAttribute('data-district-theme', applied.length > 0);
}
