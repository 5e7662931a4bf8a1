import { useEffect, useRef, useState } from 'react';
import { BUILT_IN_AVATARS, type AvatarAppearance, type BuiltInAvatarId } from '@atrium/shared/realtime/avatar';

import type { AvatarPortraits } from '@atrium/engine/avatars/portrait';

/** Card size in CSS px; drawn at twice that for sharp edges on dense screens. */
export const PORTRAIT = { width: 104, height: 144 } as const;
/** Colour pickers fire on every drag step; the eight pictures are redrawn once it settles. */
const SETTLE_MS = 120;

/**
 * A picture of each built-in avatar in the chosen colours, drawn by the engine's own avatar code
 * (loaded with three.js as a separate chunk when the chooser opens). `null` until the first set is
 * ready, and for good if the browser has no WebGL (the chooser then shows names only).
 */
export function useAvatarPortraits(colours: Pick<AvatarAppearance, 'body' | 'skin' | 'clothes'>): Partial<Record<BuiltInAvatarId, string>> | null {
  const [urls, setUrls] = useState<Partial<Record<BuiltInAvatarId, string>> | null>(null);
  const painter = useRef<Promise<AvatarPortraits | null> | null>(null);
  useEffect(() => {
    let live = true;
    // A colour half typed in the field is not a colour yet.
    if (![colours.body, colours.skin, colours.clothes].every((c) => /^#[0-9a-fA-F]{6}$/.test(c))) return;
    const timer = setTimeout(() => {
      painter.current ??= import('@atrium/engine/avatars/portrait').then(
        (m) => new m.AvatarPortraits(),
        () => null,
      ).catch(() => null);
      void painter.current.then((p) => {
        if (!p || !live) return;
        const out: Partial<Record<BuiltInAvatarId, string>> = {};
        try {
          for (const a of BUILT_IN_AVATARS) out[a.id] = p.render({ model: a.id, body: colours.body, skin: colours.skin, clothes: colours.clothes }, { width: PORTRAIT.width * 2, height: PORTRAIT.height * 2 });
        } catch (err) {
          console.warn('Avatar pictures could not be drawn', err);
          return;
        }
        if (live) setUrls(out);
      });
    }, urls ? SETTLE_MS : 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // Redrawn for the colours only; the first set is drawn at once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [colours.body, colours.skin, colours.clothes]);
  useEffect(
    () => () => {
      void painter.current?.then((p) => p?.dispose());
    },
    [],
  );
  return urls;
}
