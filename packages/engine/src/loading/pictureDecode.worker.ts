// Downloads and decodes picture images off the main thread (see pictureDecoder.ts): the image
// stretched to a square layer and flipped for WebGL, then its mip chain. SVG cannot be decoded
// here: its bytes go back for an <img>. Imports only what has no three.js in it.
import { fetchWithProgress } from './progress.ts';
import { withMipChain } from './mipChain.ts';
import { isSvg } from './svg.ts';

type DecodeRequest = { id: number; url: string; size: number };
type Reply =
  | { id: number; bytes: [number, number] }
  | { id: number; levels: ImageBitmap[] }
  | { id: number; svg: ArrayBuffer }
  | { id: number; error: string };

const post = (reply: Reply, transfer: Transferable[] = []) => (self as unknown as Worker).postMessage(reply, transfer);

self.onmessage = async (e: MessageEvent<DecodeRequest>) => {
  const { id, url, size } = e.data;
  try {
    const buf = await fetchWithProgress(url, (loaded, total) => post({ id, bytes: [loaded, total] }));
    if (isSvg(buf)) { post({ id, svg: buf }, [buf]); return; }
    const image = await createImageBitmap(new Blob([buf]), { imageOrientation: 'flipY', resizeWidth: size, resizeHeight: size, resizeQuality: 'high' });
    const levels = (await withMipChain(image)) as ImageBitmap[];
    post({ id, levels }, levels);
  } catch (err) {
    post({ id, error: String(err) });
  }
};
