import { currentStore } from '../../components/currentStore.ts';
import { localStore } from '../../browserStorage.ts';
import type { VoiceSession, VoiceSnapshot } from './voiceSession.ts';

// The viewer's one voice session, for the toolbar button, Settings and Live visitors.
const voice = currentStore<VoiceSession, VoiceSnapshot>();
export const setCurrentVoice = voice.set;
export const useVoiceSession = voice.useCurrent;
export const useVoice = voice.useSnapshot;

const MIC_KEY = 'atrium.voice.microphone';
/** The chosen microphone survives reloads (device ids are stable per origin). */
export const storedMicrophone = () => localStore().getItem(MIC_KEY);
export const storeMicrophone = (deviceId: string) => localStore().setItem(MIC_KEY, deviceId);
