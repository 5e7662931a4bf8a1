import { describe, expect, it } from 'vitest';
import { msg, PUBLISH_LIMITS, USER_LIMITS } from '@atrium/shared';
import { addToGallery, galleryParts, moveItem, type GalleryItem } from './gallery.ts';

const file = (name: string, type: string, size = 1000) => new File([new Uint8Array(size)], name, { type });
const preview = (f: File) => `blob:${f.name}`;

describe('wizard gallery', () => {
  it('adds pictures and refuses other types, oversize files and anything past the cap', () => {
    const ok = addToGallery([], [file('a.jpg', 'image/jpeg'), file('b.png', 'image/png')], preview);
    expect(ok.error).toBeNull();
    expect(ok.items).toHaveLength(2);
    expect(addToGallery([], [file('x.gif', 'image/gif')], preview)).toMatchObject({ items: [], error: msg.user.pictureType('.jpg .jpeg .png .webp') });
    expect(addToGallery([], [file('big.jpg', 'image/jpeg', USER_LIMITS.pictureBytes + 1)], preview).items).toEqual([]);
    const many = Array.from({ length: PUBLISH_LIMITS.galleryMax + 2 }, (_, i) => file(`${i}.webp`, 'image/webp'));
    const capped = addToGallery([], many, preview);
    expect(capped.items).toHaveLength(PUBLISH_LIMITS.galleryMax);
    expect(capped.error).toBe(msg.publishing.galleryTooMany(PUBLISH_LIMITS.galleryMax));
  });

  it('reorders, and sends kept URIs and new:<i> in display order with the files in upload order', () => {
    const items: GalleryItem[] = [
      { kind: 'kept', uri: '/a' },
      { kind: 'new', file: file('n1.jpg', 'image/jpeg'), preview: 'p1' },
      { kind: 'kept', uri: '/b' },
      { kind: 'new', file: file('n2.jpg', 'image/jpeg'), preview: 'p2' },
    ];
    const moved = moveItem(items, 3, 0);
    const { order, files } = galleryParts(moved);
    expect(order).toEqual(['new:0', '/a', 'new:1', '/b']);
    expect(files.map((f) => f.name)).toEqual(['n2.jpg', 'n1.jpg']);
    expect(moveItem(items, 0, -1)).toBe(items);
  });
});
