import { i18n } from '../../i18n/index.ts';
import { voiceFr } from './i18n.fr.ts';
import { VOICE_MESSAGES } from '@atrium/shared/voice/index';

// Voice UI text (English). The spec's two messages come from @atrium/shared.
export const voiceText = {
  voice: {
    microphone: 'Microphone',
    mute: 'Mute microphone',
    unmute: 'Unmute microphone',
    level: 'Microphone level',
    chooseMicrophone: 'Choose a microphone',
    microphoneRefused: VOICE_MESSAGES.microphoneRefused,
    allowAgain: 'Try again',
    disabled: VOICE_MESSAGES.communicationsDisabled,
    mutedByOwner: 'The owner of this space muted you.',
    notSetUp: 'Voice is not set up on this server. Text chat works as usual.',
    connecting: 'Connecting voice…',
    reconnecting: 'Voice is reconnecting. Text chat keeps working.',
    live: 'Voice is on: people near you hear you, and you hear them from where they stand.',
    talking: 'Talking',
    heard: 'People you hear',
    signIn: 'Sign in to talk with people here.',
    pushToTalk: 'Push to talk',
    pushToTalkHint: 'Your microphone is off until you hold V (or hold the microphone button).',
    holdToTalk: 'Hold V to talk',
    talkingNow: 'You are talking',
    broadcastStart: 'Speak to everyone',
    broadcastStop: 'Stop speaking to everyone',
    broadcastHint: 'You host this event: everyone in every instance of this space hears you.',
    hostSpeaking: 'Host is speaking to everyone',
  },
};

i18n.addResourceBundle('en', 'translation', voiceText, true, false);
i18n.addResourceBundle('fr', 'translation', voiceFr, true, false);
