// Paints a library sky's HDR image off the main thread (see skyPainter.ts).
import { getSky, paintSky } from '@atrium/assets/skies';

self.onmessage = (e: MessageEvent<{ id: string; width: number }>) => {
  const sky = getSky(e.data.id);
  if (!sky) { self.postMessage({ error: `Unknown sky ${e.data.id}` }); return; }
  const image = paintSky(sky, e.data.width);
  (self as unknown as Worker).postMessage({ image }, [image.data.buffer]);
};
