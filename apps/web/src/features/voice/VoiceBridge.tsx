import { useEffect } from 'react';
import { useSession } from '../../auth/useSession.ts';
import { useRealtime, useRealtimeSession } from '../realtime/store.ts';
import { setCurrentVoice, storedMicrophone } from './store.ts';
import { VoiceSession } from './voiceSession.ts';

/**
 * Joins the voice room of the instance the visitor's realtime session is in, and leaves it with
 * the instance. Renders nothing; the toolbar button and Settings show its state.
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
      hidden: () => realtime.snapshot.muted,
      deviceId: storedMicrophone(),
    });
    setCurrentVoice(voice);
    void voice.start();
    // Browsers start audio only after a gesture; the first click or key in the space wakes it.
    const wake = () => voice.resumeAudio();
    window.addEventListener('pointerdown', wake);
    window.addEventListener('keydown', wake);
    return () => {
      window.removeEventListener('pointerdown', wake);
      window.removeEventListener('keydown', wake);
      voice.dispose();
      setCurrentVoice(null);
    };
  }, [enabled, realtime, instanceId, userId, sceneId]);
  return null;
}
