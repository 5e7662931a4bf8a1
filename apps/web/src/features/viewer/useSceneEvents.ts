import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Engine } from '@atrium/engine';
import type { InfoPoint, Picture, Text3d, Video } from '@atrium/shared';
import { safeExternalUrl } from './links.ts';
import type { Popup } from './ItemPopup.tsx';

/**
 * Turns engine events into viewer UI: pop-ups for pictures, info points and pop-up videos, a
 * confirmation before hypertext leaves the site, and navigation for portals to other spaces
 * (portals to a point are handled inside the engine by teleporting).
 */
export function useSceneEvents(engine: Engine | null, viewerBase: string, search: string) {
  const navigate = useNavigate();
  const [popup, setPopup] = useState<Popup | null>(null);
  const [link, setLink] = useState<string | null>(null);

  useEffect(() => {
    if (!engine) return;
    const offItem = engine.on('itemActivated', (e) => {
      if (e.kind === 'pictures') {
        const p = e.item as Picture;
        if (p.popUp) setPopup({ kind: 'picture', item: p });
        else if (safeExternalUrl(p.link)) setLink(safeExternalUrl(p.link));
      } else if (e.kind === 'infoPoints') setPopup({ kind: 'info', item: e.item as InfoPoint });
      else if (e.kind === 'videos') setPopup({ kind: 'video', item: e.item as Video });
      else if (e.kind === 'texts3d') {
        const url = safeExternalUrl((e.item as Text3d).hyperlink);
        if (url) setLink(url);
      } else if (e.title || e.description) setPopup({ kind: 'text', title: e.title, description: e.description });
    });
    const offPortal = engine.on('portal', (e) => {
      if (e.target.kind === 'scene') void navigate(`${viewerBase}/${encodeURIComponent(e.target.sceneId)}${search}`);
    });
    return () => {
      offItem();
      offPortal();
    };
  }, [engine, navigate, viewerBase, search]);

  // Leaving the pointer locked under a modal would keep the mouse captured behind it.
  useEffect(() => {
    if ((popup || link) && document.pointerLockElement) document.exitPointerLock();
  }, [popup, link]);

  return { popup, closePopup: () => setPopup(null), link, openLink: setLink, closeLink: () => setLink(null) };
}
