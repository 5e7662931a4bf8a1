import { BoxGeometry, CanvasTexture, Group, Mesh, MeshBasicMaterial, MeshStandardMaterial, PlaneGeometry, SRGBColorSpace, VideoTexture } from 'three';
import type { LiveVideo, Video } from '@atrium/shared';
import { tagItem, type ItemContext } from './context.ts';

export function youtubeId(url: string | undefined): string | null {
  if (!url) return null;
  const m = /(?:youtu\.be\/|youtube(?:-nocookie)?\.com\/(?:watch\?v=|embed\/|shorts\/|v\/))([\w-]{11})/.exec(url);
  return m ? m[1]! : /^[\w-]{11}$/.test(url) ? url : null;
}

function playBadge(): CanvasTexture {
  const c = document.createElement('canvas');
  c.width = c.height = 128;
  const g = c.getContext('2d')!;
  g.fillStyle = 'rgba(0,0,0,0.55)';
  g.beginPath(); g.arc(64, 64, 60, 0, Math.PI * 2); g.fill();
  g.fillStyle = '#ffffff';
  g.beginPath(); g.moveTo(48, 36); g.lineTo(96, 64); g.lineTo(48, 92); g.closePath(); g.fill();
  const t = new CanvasTexture(c);
  t.colorSpace = SRGBColorSpace;
  return t;
}

export interface VideoHandle { element: HTMLVideoElement | null }

/**
 * Uploaded videos play on a VideoTexture (muted autoplay, as browsers require). YouTube cannot be
 * a texture, so it shows its thumbnail with a play badge and clicking opens the pop-up player.
 */
export function buildVideo(v: Video | LiveVideo, kind: 'videos' | 'liveVideos', ctx: ItemContext): Group {
  const group = new Group();
  tagItem(group, kind, v, true);
  const screenMat = new MeshStandardMaterial({ color: '#111111', roughness: 0.4 });
  const screen = new Mesh(new PlaneGeometry(v.width, v.height), screenMat);
  screen.position.z = 0.021;
  const bezel = new Mesh(new BoxGeometry(v.width + 0.06, v.height + 0.06, 0.04), new MeshStandardMaterial({ color: '#1b1b1b', roughness: 0.5 }));
  bezel.castShadow = true;
  group.add(bezel, screen);
  const createVideo = ctx.createVideo ?? (ctx.canUseDom ? () => document.createElement('video') : null);
  if (!createVideo) { ctx.tracker.itemDone(); return group; }
  const badge = new Mesh(new PlaneGeometry(0.3, 0.3), new MeshBasicMaterial({ map: ctx.canUseDom ? playBadge() : null, transparent: true, depthWrite: false }));
  badge.position.z = 0.03;
  group.add(badge);

  const isYoutube = 'provider' in v && v.provider === 'Youtube';
  if (isYoutube) {
    const id = youtubeId(v.youtubeUrl ?? v.videoUri);
    const thumb = v.thumbnailUri ?? (id ? `https://img.youtube.com/vi/${id}/hqdefault.jpg` : null);
    if (!thumb) { ctx.warn('Failed to load video', v.id); ctx.tracker.itemDone(); return group; }
    ctx.loadTexture(thumb)
      .then((tex) => { screenMat.map = tex; screenMat.color.set('#ffffff'); screenMat.needsUpdate = true; })
      .catch((err) => ctx.warn('Failed to load video', v.id, err))
      .finally(() => ctx.tracker.itemDone());
    return group;
  }
  const src = 'streamUri' in v ? v.streamUri : v.videoUri;
  const el = createVideo();
  el.crossOrigin = 'anonymous';
  el.playsInline = true;
  el.muted = true;
  el.loop = 'loop' in v ? v.loop : false;
  el.preload = 'metadata';
  el.src = ctx.resolveUri(src);
  group.userData.video = el;
  let settled = false;
  const settle = () => { if (!settled) { settled = true; ctx.tracker.itemDone(); } };
  el.addEventListener('loadeddata', () => {
    const tex = new VideoTexture(el);
    tex.colorSpace = SRGBColorSpace;
    screenMat.map = tex;
    screenMat.emissive.set('#ffffff');
    screenMat.emissiveMap = tex;
    screenMat.color.set('#ffffff');
    screenMat.needsUpdate = true;
    settle();
  }, { once: true });
  el.addEventListener('play', () => { badge.visible = false; });
  el.addEventListener('pause', () => { badge.visible = true; });
  el.addEventListener('error', () => { ctx.warn('Failed to load video', v.id); settle(); }, { once: true });
  if ('autoplay' in v ? v.autoplay : true) el.play().catch(() => { /* autoplay may still be refused; the badge stays */ });
  return group;
}
