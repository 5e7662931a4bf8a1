// Downloads, gunzips and unpacks a baked environment off the main thread (see bakedEnvironment.ts).
import { fetchBakedEnvironment } from './envFetch.ts';

self.onmessage = async (e: MessageEvent<{ url: string }>) => {
  try {
    const env = await fetchBakedEnvironment(e.data.url);
    (self as unknown as Worker).postMessage({ env }, env.levels.flat().map((a) => a.buffer));
  } catch (err) {
    self.postMessage({ error: String(err) });
  }
};
