// The eight built-in avatars side by side, for looking at them while modelling (and for screenshots).
// `?pose=wave&t=0.9` holds every avatar in a clip at that time; `?portraits` shows the chooser's
// cards instead; `?bust=kai` one head and shoulders, large.
import { AnimationMixer, Color, DirectionalLight, HemisphereLight, Mesh, MeshStandardMaterial, PerspectiveCamera, CircleGeometry, Scene, WebGLRenderer, PCFSoftShadowMap } from 'three';
import { BUILT_IN_AVATARS, defaultAvatarFor, type AvatarAppearance } from '@atrium/shared';
import { applyRenderLook } from '../src/render/look.ts';
import { buildRig } from '../src/avatars/rig.ts';
import { emoteClips, locomotionClips } from '../src/avatars/clips.ts';
import { AvatarPortraits } from '../src/avatars/portrait.ts';

const params = new URLSearchParams(location.search);
const app = document.getElementById('app')!;
const looks: AvatarAppearance[] = BUILT_IN_AVATARS.map((a, i) => ({ ...defaultAvatarFor(`user-${i * 7 + 3}`), model: a.id }));
const pose = params.get('pose') as 'wave' | null;
const t = Number(params.get('t') ?? '0.9');

if (params.has('portraits') || params.has('bust')) {
  const p = new AvatarPortraits();
  const grid = document.createElement('div');
  grid.className = 'grid';
  app.append(grid);
  const bust = params.get('bust');
  const list = bust ? looks.filter((l) => l.model === bust) : looks;
  for (const a of list) {
    const fig = document.createElement('figure');
    const img = document.createElement('img');
    if (bust) Object.assign(img.style, { width: '480px', height: '480px' });
    img.src = p.render(a, bust ? { width: 480, height: 480, framing: 'bust', yaw: 0.2 } : { width: 256, height: 352, pose: pose ? { clip: pose, time: t } : undefined });
    fig.append(img, a.model);
    grid.append(fig);
  }
  p.dispose();
} else {
  const renderer = new WebGLRenderer({ antialias: true });
  applyRenderLook(renderer);
  renderer.shadowMap.enabled = true;
  renderer.shadowMap.type = PCFSoftShadowMap;
  renderer.setSize(app.clientWidth, app.clientHeight);
  app.append(renderer.domElement);
  const scene = new Scene();
  scene.background = new Color('#dfe6ef');
  scene.add(new HemisphereLight('#f4f7ff', '#a89886', 1.4));
  const sun = new DirectionalLight('#fff1e0', 2.4);
  sun.position.set(3, 6, 5);
  sun.castShadow = true;
  sun.shadow.mapSize.set(2048, 2048);
  Object.assign(sun.shadow.camera, { left: -6, right: 6, top: 4, bottom: -2 });
  scene.add(sun);
  const floor = new Mesh(new CircleGeometry(9, 48), new MeshStandardMaterial({ color: '#c9c2b8', roughness: 0.9 }));
  floor.rotation.x = -Math.PI / 2;
  floor.receiveShadow = true;
  scene.add(floor);
  const mixers: AnimationMixer[] = [];
  looks.forEach((a, i) => {
    const rig = buildRig(a);
    rig.root.position.x = (i - 3.5) * 0.78;
    rig.root.rotation.y = Number(params.get('yaw') ?? '0.25');
    scene.add(rig.root);
    const hips = rig.bones.hips.position;
    const clips = { ...locomotionClips(hips), ...emoteClips(hips) };
    const mixer = new AnimationMixer(rig.root);
    mixer.clipAction(clips[pose ?? 'idle']).play();
    mixer.setTime(pose ? t : 0);
    mixers.push(mixer);
  });
  const camera = new PerspectiveCamera(28, app.clientWidth / app.clientHeight, 0.1, 50);
  camera.position.set(0, 1.35, 7.4);
  camera.lookAt(0, 0.95, 0);
  renderer.render(scene, camera);
}
(window as unknown as { avatarsReady: boolean }).avatarsReady = true;
