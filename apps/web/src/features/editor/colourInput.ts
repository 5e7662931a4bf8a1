// Spec §5 colour input: typing is filtered per format (hex: hex digits and '#'; rgb: digits and
// commas; hsl: digits, commas, spaces, '%'), and values are checked against each format's ranges
// (hex 3, 6 or 8 digits; rgb channels 0-255 with alpha 0-1; hsl hue 0-360, sat/light 0-100).
// The scene document stores hex, so every valid value converts to #rrggbb (or #rrggbbaa).

export type ColourFormat = 'hex' | 'rgb' | 'hsl';

const ALLOWED: Record<ColourFormat, RegExp> = {
  hex: /[^0-9a-fA-F#]/g,
  rgb: /[^0-9,.]/g,
  hsl: /[^0-9,.% ]/g,
};

export const filterColourInput = (format: ColourFormat, raw: string): string => raw.replace(ALLOWED[format], '');

const hex2 = (n: number) => Math.round(n).toString(16).padStart(2, '0');
const alphaHex = (a: number | undefined) => (a === undefined || a >= 1 ? '' : hex2(a * 255));

function numbers(raw: string): number[] | null {
  const parts = raw.split(',').map((p) => p.trim().replace(/%$/, ''));
  if (parts.some((p) => p === '' || !/^\d+(\.\d+)?$/.test(p))) return null;
  return parts.map(Number);
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const sat = s / 100;
  const light = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(light, 1 - light);
  const f = (n: number) => light - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

/** The value as document hex, or null when it is not a valid colour in that format. */
export function colourToHex(format: ColourFormat, raw: string): string | null {
  const v = raw.trim();
  if (format === 'hex') {
    const m = /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/.exec(v);
    if (!m) return null;
    const h = m[1]!.toLowerCase();
    return `#${h.length === 3 ? [...h].map((c) => c + c).join('') : h}`;
  }
  const n = numbers(v);
  if (!n || (n.length !== 3 && n.length !== 4)) return null;
  const alpha = n[3];
  if (alpha !== undefined && alpha > 1) return null;
  if (format === 'rgb') {
    if (n.slice(0, 3).some((c) => c > 255 || !Number.isInteger(c))) return null;
    return `#${n.slice(0, 3).map(hex2).join('')}${alphaHex(alpha)}`;
  }
  const [h, s, l] = n as [number, number, number];
  if (h > 360 || s > 100 || l > 100) return null;
  return `#${hslToRgb(h, s, l).map(hex2).join('')}${alphaHex(alpha)}`;
}

/** Shows a stored hex in the chosen format, for the input's text. */
export function hexToColour(format: ColourFormat, hex: string): string {
  const h = colourToHex('hex', hex);
  if (!h) return hex;
  if (format === 'hex') return h;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
  const a = h.length === 9 ? Math.round((parseInt(h.slice(7, 9), 16) / 255) * 100) / 100 : undefined;
  if (format === 'rgb') return [r, g, b, ...(a === undefined ? [] : [a])].join(', ');
  const max = Math.max(r, g, b) / 255;
  const min = Math.min(r, g, b) / 255;
  const l = (max + min) / 2;
  const d = max - min;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  let hue = 0;
  if (d !== 0) {
    const [rn, gn, bn] = [r / 255, g / 255, b / 255];
    hue = max === rn ? ((gn - bn) / d) % 6 : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4;
    hue = Math.round(hue * 60 + 360) % 360;
  }
  return [hue, `${Math.round(s * 100)}%`, `${Math.round(l * 100)}%`, ...(a === undefined ? [] : [a])].join(', ');
}
