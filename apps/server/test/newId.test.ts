import { describe, expect, it } from 'vitest';
import { validate, version } from 'uuid';
import { newId } from '../src/db/newId.ts';

describe('newId', () => {
  it('makes valid, distinct, ever-increasing version 7 UUIDs across pool refills', () => {
    // 1,000 ids use the 4 KiB random pool four times over and mostly share milliseconds.
    const ids = Array.from({ length: 1000 }, () => newId());
    for (const id of ids) {
      expect(validate(id)).toBe(true);
      expect(version(id)).toBe(7);
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('stamps the current time in the first 48 bits', () => {
    const before = Date.now();
    const id = newId();
    const stamped = parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    expect(stamped).toBeGreaterThanOrEqual(before);
    expect(stamped).toBeLessThanOrEqual(Date.now() + 1);
  });

  it('counts up by one within a millisecond in the counter bits (RFC 9562 method 1, as the uuid package lays them out)', () => {
    const hex = (id: string) => id.replace(/-/g, '');
    // The 32-bit counter: 4 bits after the version nibble, 8, then 6 after the variant bits, 8, then 6.
    const counter = (id: string) => {
      const h = hex(id);
      const b = (i: number) => parseInt(h.slice(i * 2, i * 2 + 2), 16);
      return (((b(6) & 0x0f) << 28) | (b(7) << 20) | ((b(8) & 0x3f) << 14) | (b(9) << 6) | (b(10) >> 2)) >>> 0;
    };
    const ids = Array.from({ length: 200 }, () => newId());
    let pairs = 0;
    for (let i = 1; i < ids.length; i++) {
      if (hex(ids[i]!).slice(0, 12) !== hex(ids[i - 1]!).slice(0, 12)) continue;
      expect(counter(ids[i]!)).toBe((counter(ids[i - 1]!) + 1) >>> 0);
      pairs++;
    }
    expect(pairs).toBeGreaterThan(0);
  });
});
