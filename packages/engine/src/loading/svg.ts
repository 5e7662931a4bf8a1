/** Whether a downloaded image is SVG (only an <img> can decode it; createImageBitmap cannot). */
export function isSvg(buf: ArrayBuffer): boolean {
  const head = new TextDecoder().decode(buf.slice(0, 256)).trimStart();
  return head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'));
}
