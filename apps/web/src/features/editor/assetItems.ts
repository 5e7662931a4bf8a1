import type { Asset, PlacedItemKind } from '@atrium/shared';

// What a library asset becomes when placed: the item kind and its fields, taken from the asset's
// own defaults (spec §3 upload fields) so a picture keeps its pop-up choice, a video its autoplay…

/** Library kinds that can be placed in a space, and the document collection each lands in. */
export const PLACEABLE = {
  picture: 'pictures',
  video: 'videos',
  model3d: 'models3d',
  text3d: 'texts3d',
  hyperText: 'texts3d',
  webView3d: 'webViews3d',
} as const satisfies Partial<Record<Asset['kind'], PlacedItemKind>>;
export type PlaceableKind = keyof typeof PLACEABLE;

/** Picture width in metres when the asset names no default size. */
export const DEFAULT_PICTURE_WIDTH_M = 1.2;

const present = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null));

function common(a: Asset) {
  return { title: a.title, description: a.description, collisions: a.collisions };
}

/** The playable URL of an audio asset (tour point clips, ambient sound). */
export const audioUriOf = (a: Asset): string | null => a.audioUrl ?? a.fileUrl;

/** The item fields for a ready asset, or null when it has nothing to show (no file yet). */
export function itemFromAsset(a: Asset): { kind: PlacedItemKind; fields: Record<string, unknown> } | null {
  const f = a.fields;
  switch (a.kind) {
    case 'picture': {
      const imageUri = a.imageUrl ?? a.fileUrl;
      if (!imageUri) return null;
      const width = a.defaultSize ?? DEFAULT_PICTURE_WIDTH_M;
      const aspect = a.width && a.height ? a.height / a.width : 0.75;
      return { kind: 'pictures', fields: present({ ...common(a), imageUri, width, height: width * aspect, popUp: f.popUp }) };
    }
    case 'video': {
      const youtube = f.provider === 'Youtube';
      const videoUri = youtube ? '' : a.videoUrl ?? a.fileUrl;
      if (!youtube && !videoUri) return null;
      return {
        kind: 'videos',
        fields: present({
          ...common(a), provider: youtube ? 'Youtube' : 'Source', videoUri, youtubeUrl: youtube ? f.youtubeUrl : undefined,
          thumbnailUri: a.thumbnailUrl, autoplay: f.autoplay, loop: f.videoLoop, popUp: f.popUp,
        }),
      };
    }
    case 'model3d': {
      const modelUri = a.modelUrl ?? a.fileUrl;
      if (!modelUri) return null;
      return {
        kind: 'models3d',
        fields: present({ ...common(a), modelUri, animationClip: f.animationClip, autoplayAnimation: f.autoplayAnimation, interactive: a.interactive }),
      };
    }
    case 'text3d':
    case 'hyperText':
      return {
        kind: 'texts3d',
        fields: present({
          ...common(a), text: f.text, font: f.font, fontSize: f.fontSize, colorTint: f.colorTint, verticalAlignment: f.verticalAlignment,
          horizontalAlignment: f.horizontalAlignment, outlineWidth: f.outlineWidth, dropShadow: f.dropShadow, fontStyles: f.fontStyles,
          hyperlink: a.kind === 'hyperText' ? f.hyperlink : undefined,
        }),
      };
    case 'webView3d':
      return typeof f.url === 'string' ? { kind: 'webViews3d', fields: present({ ...common(a), url: f.url }) } : null;
    default:
      return null;
  }
}
