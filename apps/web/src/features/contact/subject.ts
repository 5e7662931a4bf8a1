/** A link's `?subject=` (the viewer's Report link names the space): plain text, one line, bounded. */
export const cleanSubject = (raw: string | null | undefined) =>
  [...(raw ?? '')]
    .map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
