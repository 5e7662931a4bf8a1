import { describe, expect, it } from 'vitest';
import { colourToHex, filterColourInput, hexToColour } from './colourInput.ts';
import { cleanDurationPart, durationSeconds, formatDuration, padDurationPart } from './duration.ts';

describe('duration mm:ss (spec §5)', () => {
  it('keeps digits only, caps each part at 59 and pads', () => {
    expect(cleanDurationPart('7a')).toBe('7');
    expect(cleanDurationPart('75')).toBe('59');
    expect(cleanDurationPart('123')).toBe('12');
    expect(padDurationPart('7')).toBe('07');
    expect(padDurationPart('')).toBe('00');
  });
  it('totals minutes*60+seconds and shows 59:59 above 3599 s', () => {
    expect(durationSeconds('02', '05')).toBe(125);
    expect(durationSeconds('99', '99')).toBe(3599);
    expect(formatDuration(125)).toEqual({ minutes: '02', seconds: '05' });
    expect(formatDuration(5000)).toEqual({ minutes: '59', seconds: '59' });
  });
});

describe('colour input (spec §5)', () => {
  it('filters characters per format', () => {
    expect(filterColourInput('hex', '#12zz3G')).toBe('#123');
    expect(filterColourInput('rgb', 'rgb(1, 2,3)')).toBe('1,2,3');
    expect(filterColourInput('hsl', 'hsl(120, 50%, 25%)')).toBe('120, 50%, 25%');
  });
  it('accepts 3, 6 or 8 hex digits', () => {
    expect(colourToHex('hex', '#abc')).toBe('#aabbcc');
    expect(colourToHex('hex', 'A0B1C2')).toBe('#a0b1c2');
    expect(colourToHex('hex', '#a0b1c280')).toBe('#a0b1c280');
    expect(colourToHex('hex', '#abcd')).toBeNull();
  });
  it('checks rgb channels 0-255 and alpha 0-1', () => {
    expect(colourToHex('rgb', '255, 0, 128')).toBe('#ff0080');
    expect(colourToHex('rgb', '255,0,0,0.5')).toBe('#ff000080');
    expect(colourToHex('rgb', '256,0,0')).toBeNull();
    expect(colourToHex('rgb', '1,2,3,2')).toBeNull();
    expect(colourToHex('rgb', '1,2')).toBeNull();
  });
  it('checks hsl hue 0-360 and saturation/lightness 0-100', () => {
    expect(colourToHex('hsl', '0, 100%, 50%')).toBe('#ff0000');
    expect(colourToHex('hsl', '120, 100, 25')).toBe('#008000');
    expect(colourToHex('hsl', '361, 10%, 10%')).toBeNull();
    expect(colourToHex('hsl', '10, 101%, 10%')).toBeNull();
  });
  it('shows a stored hex in each format', () => {
    expect(hexToColour('rgb', '#ff0080')).toBe('255, 0, 128');
    expect(hexToColour('hsl', '#ff0000')).toBe('0, 100%, 50%');
    expect(colourToHex('hsl', hexToColour('hsl', '#3dabff'))).toMatch(/^#3[cd]a[abc]ff$/);
  });
});
