import { ApiError } from '../../api/ApiError.ts';
import type { VoiceStatus } from './voiceSession.ts';

/** Above this RMS someone counts as talking (speech sits around 0.02–0.2; room noise below 0.01). */
export const TALKING_LEVEL = 0.015;
/** Talking stays shown this long after the last loud moment, so marks do not flicker between words. */
export const TALKING_HOLD_MS = 700;

/**
 * Audio level → talking, per person: on as soon as a level passes the threshold, off only after
 * `holdMs` without one. Drives the talking marks over avatars, in Live visitors and in Settings.
 */
export class TalkingDetector {
  private readonly lastLoud = new Map<string, number>();
  private readonly threshold: number;
  private readonly holdMs: number;
  constructor(threshold = TALKING_LEVEL, holdMs = TALKING_HOLD_MS) {
    this.threshold = threshold;
    this.holdMs = holdMs;
  }

  /** Feeds one level reading (0–1) for `id` at time `now` (ms); answers whether they are talking. */
  update(id: string, level: number, now: number): boolean {
    if (level > this.threshold) this.lastLoud.set(id, now);
    const last = this.lastLoud.get(id);
    return last !== undefined && now - last < this.holdMs;
  }

  forget(id: string) {
    this.lastLoud.delete(id);
  }
}

/** Whether a field has the keyboard (typing a V in chat must not open the microphone). */
export function isTypingTarget(target: EventTarget | null): boolean {
  const el = target as { tagName?: string; isContentEditable?: boolean } | null;
  if (!el?.tagName) return false;
  return el.isContentEditable === true || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}

/** The push-to-talk key: V, by physical position, so it is the same key on any keyboard layout. */
export const PUSH_TO_TALK_CODE = 'KeyV';

const PTT_KEY = 'atrium.voice.pushToTalk';
/** The push-to-talk choice survives reloads; where storage is blocked (an embed) it lasts the visit. */
export function storedPushToTalk(): boolean {
  try {
    return localStorage.getItem(PTT_KEY) === '1';
  } catch {
    return false;
  }
}
export function storePushToTalk(on: boolean) {
  try {
    localStorage.setItem(PTT_KEY, on ? '1' : '0');
  } catch {
    // Storage blocked: the choice holds for this visit only.
  }
}

/** Whether the microphone sends: not muted, and in push-to-talk mode only while the key is held. */
export const micOpen = (s: { micMuted: boolean; pushToTalk: boolean; talkKeyHeld: boolean }) => !s.micMuted && (!s.pushToTalk || s.talkKeyHeld);

/**
 * Listens for the push-to-talk key on `target` (the window): held from keydown to keyup, let go when
 * the window loses focus (a keyup elsewhere would never arrive). Ignores keys typed into fields.
 */
export function listenTalkKey(target: Pick<Window, 'addEventListener' | 'removeEventListener'>, onHeld: (held: boolean) => void): () => void {
  let held = false;
  const set = (next: boolean) => {
    if (next === held) return;
    held = next;
    onHeld(next);
  };
  const down = (e: KeyboardEvent) => {
    if (e.code !== PUSH_TO_TALK_CODE || e.ctrlKey || e.metaKey || e.altKey || isTypingTarget(e.target)) return;
    set(true);
  };
  const up = (e: KeyboardEvent) => {
    if (e.code === PUSH_TO_TALK_CODE) set(false);
  };
  const blur = () => set(false);
  target.addEventListener('keydown', down as EventListener);
  target.addEventListener('keyup', up as EventListener);
  target.addEventListener('blur', blur);
  return () => {
    target.removeEventListener('keydown', down as EventListener);
    target.removeEventListener('keyup', up as EventListener);
    target.removeEventListener('blur', blur);
  };
}

/** What a failed voice start means: a refusal by rule stays, anything else is retried. */
export function statusOf(e: unknown): VoiceStatus {
  if (e instanceof ApiError) {
    if (e.code === 'COMMUNICATIONS_DISABLED') return 'disabled';
    if (e.code === 'VOICE_MUTED') return 'mutedByOwner';
  }
  return 'reconnecting';
}
