// Downloads and decodes picture images off the main thread (see pictureDecoder.ts): the image
// stretched to a square layer and flipped for WebGL, then its mip chain. No imports, so the worker
// starts with one request. SVG cannot be decoded here: its bytes go back for an <img>.
type DecodeRequest = { id: number; url: string; size: number };
export {};
type Reply =
  | { id: number; bytes: [number, number] }
  | { id: number; levels: ImageBitmap[] }
  | { id: number; svg: ArrayBuffer }
  | { id: number; error: string };

const post = (reply: Reply, transfer: Transferable[] = []) => (self as unknown as Worker).postMessage(reply, transfer);

async function read(id: number, url: string): Promise<ArrayBuffer> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`HTTP ${res.status} for ${url}`);
  const total = Number(res.headers.get('content-length')) || 0;
  const reader = res.body!.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    post({ id, bytes: [loaded, total] });
  }
  const out = new Uint8Array(loaded);
  let at = 0;
  for (const c of chunks) { out.set(c, at); at += c.byteLength; }
  post({ id, bytes: [loaded, Math.max(total, loaded)] });
  return out.buffer;
}

function isSvg(buf: ArrayBuffer): boolean {
  const head = new TextDecoder().decode(buf.slice(0, 256)).trimStart();
  return head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'));
}

self.onmessage = async (e: MessageEvent<DecodeRequest>) => {
  const { id, url, size } = e.data;
  try {
    const buf = await read(id, url);
    if (isSvg(buf)) { post({ id, svg: buf }, [buf]); return; }
    const levels = [await createImageBitmap(new Blob([buf]), { imageOrientation: 'flipY', resizeWidth: size, resizeHeight: size, resizeQuality: 'high' })];
    // Each level exactly half the one before: the scaler's bilinear 'low' is then the box filter mipmaps use (textures.ts withMipChain).
    for (let s = Math.floor(size / 2); s >= 1; s = Math.floor(s / 2)) {
      levels.push(await createImageBitmap(levels.at(-1)!, { resizeWidth: s, resizeHeight: s, resizeQuality: 'low' }));
    }
    post({ id, levels }, levels);
  } catch (err) {
    post({ id, error: String(err) });
  }
};
