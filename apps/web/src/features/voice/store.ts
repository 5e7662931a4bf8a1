import { currentStore } from '../../components/currentStore.ts';
import { localStore } from '../../browserStorage.ts';
import type { VoiceSession, VoiceSnapshot } from './voiceSession.ts';
import type { BroadcastSession, BroadcastSnapshot } from './broadcastSession.ts';

// The viewer's one voice session, for the toolbar button, Settings and Live visitors.
const voice = currentStore<VoiceSession, VoiceSnapshot>();
export const setCurrentVoice = voice.set;
export const useVoiceSession = voice.useCurrent;
export const useVoice = voice.useSnapshot;

// The viewer's broadcast voice (an event's host to every instance); `currentBroadcast` is read by
// the instance room's playback on every tick, outside React.
const broadcast = currentStore<BroadcastSession, BroadcastSnapshot>();
let broadcastNow: BroadcastSession | null = null;
export const setCurrentBroadcast = (s: BroadcastSession | null) => {
  broadcastNow = s;
  broadcast.set(s);
};
export const currentBroadcast = () => broadcastNow;
export const useBroadcastSession = broadcast.useCurrent;
export const useBroadcast = broadcast.useSnapshot;

const MIC_KEY = 'atrium.voice.microphone';
/** The chosen microphone survives reloads (device ids are stable per origin). */
export const storedMicrophone = () => localStore().getItem(MIC_KEY);
export const storeMicrophone = (deviceId: string) => localStore().setItem(MIC_KEY, deviceId);
