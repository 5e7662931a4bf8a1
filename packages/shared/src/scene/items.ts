import { z } from 'zod';
import { collisionMode, hexColor, itemId, uri, vec3 } from './primitives.ts';
import { webUrl } from '../input.ts';

// Fields every placed item shares. Collisions default to Precise per the asset upload defaults.
const placed = {
  id: itemId,
  position: vec3,
  rotation: vec3.default([0, 0, 0]),
  scale: vec3.default([1, 1, 1]),
  collisions: collisionMode.default('Precise'),
  title: z.string().max(200).default(''),
  description: z.string().max(10_000).default(''),
};

export const picture = z.object({
  ...placed,
  imageUri: uri,
  width: z.number().positive().default(1),
  height: z.number().positive().default(1),
  frame: z
    .object({ enabled: z.boolean().default(true), color: hexColor.default('#222222'), width: z.number().min(0).default(0.05) })
    .default({ enabled: true, color: '#222222', width: 0.05 }),
  popUp: z.boolean().default(true),
  link: webUrl.optional(),
});
export type Picture = z.infer<typeof picture>;

export const VIDEO_PROVIDERS = ['Source', 'Youtube'] as const;
export const video = z.object({
  ...placed,
  provider: z.enum(VIDEO_PROVIDERS).default('Source'),
  videoUri: uri.default(''),
  youtubeUrl: z.string().optional(),
  thumbnailUri: z.string().optional(),
  width: z.number().positive().default(1.6),
  height: z.number().positive().default(0.9),
  autoplay: z.boolean().default(false),
  loop: z.boolean().default(true),
  popUp: z.boolean().default(false),
});
export type Video = z.infer<typeof video>;

export const FONT_STYLES = ['normal', 'bold', 'italic', 'underline', 'lowerCase', 'upperCase', 'smallCaps'] as const;
export const text3d = z.object({
  ...placed,
  collisions: collisionMode.default('None'),
  text: z.string().max(5000),
  font: z.string().optional(),
  fontSize: z.number().positive().default(60),
  colorTint: hexColor.default('#000000'),
  verticalAlignment: z.enum(['top', 'middle', 'bottom']).default('middle'),
  horizontalAlignment: z.enum(['left', 'center', 'right']).default('center'),
  outlineWidth: z.number().min(0).default(0),
  outlineColor: hexColor.default('#ffffff'),
  dropShadow: z.boolean().default(false),
  fontStyles: z.array(z.enum(FONT_STYLES)).default(['normal']),
  hyperlink: webUrl.optional(),
});
export type Text3d = z.infer<typeof text3d>;

export const model3d = z.object({
  ...placed,
  modelUri: uri,
  /** Name of the glTF animation clip to play; absent plays the model's first clip. */
  animationClip: z.string().optional(),
  autoplayAnimation: z.boolean().default(false),
  loopAnimation: z.boolean().default(true),
  interactive: z.boolean().default(false),
});
export type Model3d = z.infer<typeof model3d>;

export const portalTarget = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('scene'), sceneId: z.string().min(1) }),
  z.object({ kind: z.literal('point'), position: vec3, rotation: vec3.default([0, 0, 0]) }),
]);
export type PortalTarget = z.infer<typeof portalTarget>;

export const portal = z.object({
  ...placed,
  collisions: collisionMode.default('None'),
  target: portalTarget,
  radius: z.number().positive().default(0.8),
  color: hexColor.default('#3DABFF'),
});
export type Portal = z.infer<typeof portal>;

export const infoPoint = z.object({
  ...placed,
  collisions: collisionMode.default('None'),
  imageUri: z.string().optional(),
  link: webUrl.optional(),
  color: hexColor.default('#3DABFF'),
});
export type InfoPoint = z.infer<typeof infoPoint>;

export const prop = z.object({
  ...placed,
  propId: z.string().min(1),
  // Built-in props are drawn from simple primitives; a modelUri upgrades them to a glTF.
  modelUri: z.string().optional(),
  tint: hexColor.optional(),
});
export type Prop = z.infer<typeof prop>;

export const liveVideo = z.object({
  ...placed,
  streamUri: uri,
  width: z.number().positive().default(1.6),
  height: z.number().positive().default(0.9),
});
export type LiveVideo = z.infer<typeof liveVideo>;

export const webView3d = z.object({
  ...placed,
  url: webUrl,
  width: z.number().positive().default(1.6),
  height: z.number().positive().default(0.9),
  pixelWidth: z.number().int().positive().default(1280),
});
export type WebView3d = z.infer<typeof webView3d>;

export const guidedTourPoint = z.object({
  id: itemId,
  title: z.string().max(200).default(''),
  description: z.string().max(10_000).default(''),
  audioUri: z.string().optional(),
  position: vec3,
  rotation: vec3.default([0, 0, 0]),
  scale: vec3.default([1, 1, 1]),
  color: hexColor.optional(),
  instanceTag: z.string().optional(),
  bounds: vec3.optional(),
  boundsCenter: vec3.optional(),
  order: z.number().int().min(0),
});
export type GuidedTourPoint = z.infer<typeof guidedTourPoint>;

export const guidedTour = z.object({
  id: itemId,
  title: z.string().max(200).default(''),
  description: z.string().max(10_000).default(''),
  duration: z.number().min(0).default(0),
  public: z.boolean().default(true),
  points: z.array(guidedTourPoint).default([]),
});
export type GuidedTour = z.infer<typeof guidedTour>;

export const sceneFont = z.object({ id: itemId, family: z.string().min(1), uri: z.string().optional() });
export const sceneLink = z.object({ id: itemId, title: z.string().default(''), url: webUrl });
export const spaceTemplateRef = z.object({ spaceTemplateId: z.string().min(1), size: z.string().optional() });
