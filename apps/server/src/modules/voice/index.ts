import type { FastifyInstance } from 'fastify';
import { VOICE_LIMITS, type VoiceToken } from '@atrium/shared';
import type { Db } from '../../db/client.ts';
import type { JanusEndpoint } from '../../voice/janusProcess.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { SceneAccess } from '../sceneAccess/access.ts';
import type { ScenesRepo } from '../scenes/repo.ts';
import { JanusAdmin } from './janusAdmin.ts';
import { VoiceRepo } from './repo.ts';
import { VoiceRooms } from './rooms.ts';
import { voiceRoutes } from './routes.ts';
import { VoiceService, type InstanceInfo, type VoiceDeps } from './service.ts';
import { attachVoiceProxy } from './wsProxy.ts';

/** Voice routes, rooms on the given Janus (none: voice answers "not set up") and the browser proxy. */
export async function registerVoice(
  app: FastifyInstance,
  deps: {
    db: Db;
    janus: JanusEndpoint | undefined;
    iceServers: VoiceToken['iceServers'];
    scenes: Pick<ScenesRepo, 'findAccess'>;
    access: SceneAccess;
    canTalk: (actor: Actor, sceneId: string) => Promise<boolean>;
    instance: (instanceId: string) => Promise<InstanceInfo | null>;
    /** Events' `liveIn`: which event is on in a space, and its host (broadcast voice). */
    liveEvent: VoiceDeps['liveEvent'];
  },
): Promise<VoiceService> {
  const rooms = deps.janus
    ? new VoiceRooms(new JanusAdmin(deps.janus), {
        ttlMs: VOICE_LIMITS.tokenTtlSeconds * 1000,
        publishers: VOICE_LIMITS.publishersPerRoom,
        bitrate: VOICE_LIMITS.bitrate,
      })
    : null;
  const voice = new VoiceService({
    repo: new VoiceRepo(deps.db),
    scenes: deps.scenes,
    access: deps.access,
    canTalk: deps.canTalk,
    instance: deps.instance,
    liveEvent: deps.liveEvent,
    rooms,
    iceServers: deps.iceServers,
  });
  await app.register(async (scope) => voiceRoutes(scope, { voice }));
  if (deps.janus) {
    const detach = attachVoiceProxy(app.server, deps.janus.wsUrl, (token) => rooms?.isListenOnly(token) === true);
    app.addHook('preClose', async () => {
      detach();
      await rooms?.close();
    });
  }
  return voice;
}
