import { PUBLISH_LIMITS } from '@atrium/shared/constants';
import { USER_LIMITS } from '@atrium/shared/users/limits';
import { msg } from '../../i18n/msg.ts';

/** A gallery entry in the wizard: a photo already stored (its URI) or a file picked now. */
export type GalleryItem = { kind: 'kept'; uri: string } | { kind: 'new'; file: File; preview: string };

const MB = 1024 * 1024;

/**
 * Adds picked files to the gallery, refusing what the server would (type by the browser's MIME here;
 * the server checks the bytes), files over the picture limit and anything past the cap.
 */
export function addToGallery(items: GalleryItem[], files: File[], preview: (f: File) => string): { items: GalleryItem[]; error: string | null } {
  let error: string | null = null;
  const next = [...items];
  for (const file of files) {
    if (!USER_LIMITS.pictureTypes.includes(file.type)) error = msg.user.pictureType('.jpg .jpeg .png .webp');
    else if (file.size > USER_LIMITS.pictureBytes) error = msg.user.pictureTooLarge(`${Math.round(USER_LIMITS.pictureBytes / MB)} MB`);
    else if (next.length >= PUBLISH_LIMITS.galleryMax) error = msg.publishing.galleryTooMany(PUBLISH_LIMITS.galleryMax);
    else next.push({ kind: 'new', file, preview: preview(file) });
  }
  return { items: next, error };
}

export function moveItem<T>(items: T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length) return items;
  const next = [...items];
  const [it] = next.splice(from, 1);
  next.splice(to, 0, it!);
  return next;
}

/** The multipart parts for PATCH scene/metadata: the order field plus the new files in `new:<i>` order. */
export function galleryParts(items: GalleryItem[]): { order: string[]; files: File[] } {
  const files: File[] = [];
  const order = items.map((it) => {
    if (it.kind === 'kept') return it.uri;
    files.push(it.file);
    return `new:${files.length - 1}`;
  });
  return { order, files };
}
