import { Engine, type CameraMode } from '../src/index.ts';
import { sampleDocument } from './sample.ts';

const params = new URLSearchParams(location.search);
const app = document.getElementById('app')!;
const log = document.getElementById('log')!;
const progress = document.getElementById('progress')!;
const say = (s: string) => { log.textContent = s; };

const engine = new Engine({ container: app, quality: (params.get('quality') as never) ?? 'High' });
Object.assign(window, { engine });

engine.on('progress', (p) => { progress.textContent = `${p.loadedItems}/${p.totalItems} items · ${(p.loadedBytes / 1024).toFixed(0)} KB`; });
engine.on('itemActivated', (e) => say(`${e.kind}: ${e.title} — ${e.description}`));
engine.on('portal', (e) => say(`portal ${e.portalId} → ${JSON.stringify(e.target)}`));
engine.on('tourProgress', (e) => say(`tour ${e.index + 1}/${e.count}: ${e.title}`));
engine.on('error', (e) => console.warn('engine error', e.message, e.itemId ?? ''));

await engine.configure({});
await engine.load(sampleDocument());
engine.setMode((params.get('mode') as never) ?? 'viewer');
const cam = params.get('cam') as CameraMode | null;
if (cam) engine.setCameraMode(cam);

document.querySelectorAll<HTMLButtonElement>('[data-cam]').forEach((b) => b.addEventListener('click', () => engine.setCameraMode(b.dataset.cam as CameraMode)));
let touring = false;
document.getElementById('tour')!.addEventListener('click', () => {
  if (!touring) { touring = true; void engine.tours.play('tour'); } else void engine.tours.next();
});
engine.on('tourEnded', () => { touring = false; });
(window as unknown as { demoReady: boolean }).demoReady = true;
