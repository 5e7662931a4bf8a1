import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../auth/useSession.ts';
import type { ViewerContext } from '../viewer/panels/registry.ts';
import { RealtimeSession } from './session.ts';
import { setCurrentSession } from './store.ts';

/**
 * Starts the visitor's realtime presence once the space is on screen, and ends it when they leave.
 * Renders nothing: the space is already usable, realtime only adds people to it.
 */
export function RealtimeBridge({ ctx }: { ctx: ViewerContext }) {
  const session = useSession();
  const [params] = useSearchParams();
  const token = session.status === 'signed-in' ? session.token : null;
  const userId = session.user?.userId ?? null;
  const name = session.user?.name ?? '';
  const allowed = ctx.flags.showCommunications;
  const instance = params.get('instance');
  const draft = params.get('draft') === 'true';
  const { engine, sceneId } = ctx;

  useEffect(() => {
    if (!token || !userId || !allowed) return;
    const s = new RealtimeSession({ sceneId, draft, instanceId: instance, engine, token, user: { userId, name } });
    setCurrentSession(s);
    s.start();
    const leave = () => s.dispose();
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      s.dispose();
      setCurrentSession(null);
    };
    // A renewed token keeps the live session; it only matters when connecting again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sceneId, engine, userId, allowed, instance, draft]);
  return null;
}
