import { useEffect } from 'react';
import { useSession } from '../../auth/useSession.ts';
import { useRealtime, useRealtimeSession } from '../realtime/store.ts';
import { BroadcastBridge } from './Broadcast.tsx';
import { currentBroadcast, setCurrentVoice, storedMicrophone } from './store.ts';
import { listenTalkKey, storedPushToTalk } from './talking.ts';
import { VoiceSession } from './voiceSession.ts';

/**
 * Joins the voice room of the instance the visitor's realtime session is in, and leaves it with
 * the instance. Renders only the broadcast bar (during an event); the toolbar button and Settings
 * show its state, and the engine's avatars carry talking marks for whoever voice hears talking.
 */
export function VoiceBridge({ sceneId, enabled }: { sceneId: string; enabled: boolean }) {
  const session = useSession();
  const realtime = useRealtimeSession();
  const instanceId = useRealtime()?.instanceId ?? null;
  const userId = session.user?.userId ?? null;

  useEffect(() => {
    if (!enabled || !realtime || !instanceId || !userId) return;
    const voice = new VoiceSession({
      sceneId,
      instanceId,
      userId,
      positions: () => realtime.avatarPositions(),
      listener: () => realtime.localPose(),
      // While the event's host is heard through the broadcast (the same everywhere), their feed in
      // this instance's room is silenced, so their neighbours do not hear them twice.
      hidden: () => {
        const b = currentBroadcast()?.snapshot;
        return b?.hearing && b.hostId ? [...realtime.snapshot.muted, b.hostId] : realtime.snapshot.muted;
      },
      deviceId: storedMicrophone(),
      pushToTalk: storedPushToTalk(),
    });
    setCurrentVoice(voice);
    void voice.start();
    let marked = '';
    const unsubscribe = voice.subscribe(() => {
      const talking = voice.snapshot.talking;
      if (talking.join() === marked) return;
      marked = talking.join();
      realtime.markTalking(talking);
    });
    // Push-to-talk: V held opens the microphone (only when chosen in Settings; ignored while typing).
    const stopKey = listenTalkKey(window, (held) => voice.setTalkKey(held));
    // Browsers start audio only after a gesture; the first click or key in the space wakes it.
    const wake = () => voice.resumeAudio();
    window.addEventListener('pointerdown', wake);
    window.addEventListener('keydown', wake);
    return () => {
      window.removeEventListener('pointerdown', wake);
      window.removeEventListener('keydown', wake);
      stopKey();
      unsubscribe();
      realtime.markTalking([]);
      voice.dispose();
      setCurrentVoice(null);
    };
  }, [enabled, realtime, instanceId, userId, sceneId]);
  // Broadcast voice (an event's host to every instance) lives beside the instance's room.
  return enabled && realtime && instanceId && userId ? <BroadcastBridge sceneId={sceneId} instanceId={instanceId} /> : null;
}
