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
});
