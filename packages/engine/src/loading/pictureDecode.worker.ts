// Downloads and decodes picture images off the main thread (see pictureDecoder.ts): the image
// stretched to a square layer and flipped for WebGL, then its mip chain. SVG cannot be decoded
// here: its bytes go back for an <img>. Imports only what has no three.js in it.
import { fetchWithProgress } from './progress.ts';
import { layerBitmap, withMipChain } from './layerImages.ts';
import type { DecodeReply, DecodeRequest } from './pictureDecoder.ts';
import { isSvg } from './svg.ts';

const post = (reply: DecodeReply, transfer: Transferable[] = []) => (self as unknown as Worker).postMessage(reply, transfer);

self.onmessage = async (e: MessageEvent<DecodeRequest>) => {
  const { id, url, size } = e.data;
  try {
    const buf = await fetchWithProgress(url, (loaded, total) => post({ id, bytes: [loaded, total] }));
    if (isSvg(buf)) { post({ id, svg: buf }, [buf]); return; }
    const levels = (await withMipChain(await layerBitmap(buf, size))) as ImageBitmap[];
    post({ id, levels }, levels);
  } catch (err) {
    post({ id, error: String(err) });
  }
};
