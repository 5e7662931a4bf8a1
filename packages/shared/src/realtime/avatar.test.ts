import { describe, expect, it } from 'vitest';
import { BUILT_IN_AVATAR_IDS, avatarAppearance, defaultAvatarFor } from './avatar.ts';

describe('default avatars', () => {
  it('are valid, stable per user, varied across users, and never wear the top colour as the bottom', () => {
    const ids = Array.from({ length: 200 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const looks = ids.map((id) => defaultAvatarFor(id));
    for (const [i, a] of looks.entries()) {
      expect(avatarAppearance.parse(a)).toEqual(a);
      expect(defaultAvatarFor(ids[i]!)).toEqual(a);
      expect(a.clothes).not.toBe(a.body);
    }
    expect(new Set(looks.map((a) => a.model)).size).toBe(BUILT_IN_AVATAR_IDS.length);
    expect(new Set(looks.map((a) => `${a.body}${a.clothes}`)).size).toBeGreaterThan(20);
  });
});
