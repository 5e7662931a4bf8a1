import { describe, expect, it } from 'vitest';
import { isTypingTarget, listenTalkKey, micOpen, TalkingDetector, TALKING_HOLD_MS, TALKING_LEVEL } from './talking.ts';

describe('talking from audio level', () => {
  it('turns on with the first level above the threshold and off only after the hold without one', () => {
    const d = new TalkingDetector();
    expect(d.update('ada', 0, 0)).toBe(false);
    expect(d.update('ada', TALKING_LEVEL, 100)).toBe(false); // at the threshold is still silence
    expect(d.update('ada', 0.05, 200)).toBe(true);
    // A pause between words keeps the mark on…
    expect(d.update('ada', 0.001, 200 + TALKING_HOLD_MS - 1)).toBe(true);
    // …a longer silence takes it off.
    expect(d.update('ada', 0.001, 200 + TALKING_HOLD_MS)).toBe(false);
    expect(d.update('ada', 0.2, 2000)).toBe(true);
  });

  it('keeps each person apart and forgets someone who left', () => {
    const d = new TalkingDetector(0.1, 500);
    expect(d.update('ada', 0.5, 0)).toBe(true);
    expect(d.update('bo', 0.05, 0)).toBe(false);
    expect(d.update('bo', 0, 100)).toBe(false);
    expect(d.update('ada', 0, 100)).toBe(true);
    d.forget('ada');
    expect(d.update('ada', 0, 150)).toBe(false);
  });
});

describe('push-to-talk', () => {
  it('opens the microphone only while the key is held, and never while muted', () => {
    expect(micOpen({ micMuted: false, pushToTalk: false, talkKeyHeld: false })).toBe(true);
    expect(micOpen({ micMuted: false, pushToTalk: true, talkKeyHeld: false })).toBe(false);
    expect(micOpen({ micMuted: false, pushToTalk: true, talkKeyHeld: true })).toBe(true);
    expect(micOpen({ micMuted: true, pushToTalk: true, talkKeyHeld: true })).toBe(false);
    expect(micOpen({ micMuted: true, pushToTalk: false, talkKeyHeld: false })).toBe(false);
  });

  it('holds V from keydown to keyup, ignores V typed into a field and modifiers, lets go on blur', () => {
    // A window stand-in: keyboard events carry the fields listenTalkKey reads.
    const listeners = new Map<string, Set<(e: unknown) => void>>();
    const target = {
      addEventListener: (type: string, fn: (e: unknown) => void) => listeners.set(type, (listeners.get(type) ?? new Set()).add(fn)),
      removeEventListener: (type: string, fn: (e: unknown) => void) => listeners.get(type)?.delete(fn),
    };
    const fire = (type: string, e: unknown = {}) => listeners.get(type)?.forEach((fn) => fn(e));
    const seen: boolean[] = [];
    const stop = listenTalkKey(target as unknown as Window, (held) => seen.push(held));
    const key = (type: string, init: Record<string, unknown>) => fire(type, { target: null, ...init });
    key('keydown', { code: 'KeyV' });
    key('keydown', { code: 'KeyV', repeat: true }); // auto-repeat while held: no second "on"
    key('keyup', { code: 'KeyV' });
    expect(seen).toEqual([true, false]);
    key('keydown', { code: 'KeyV', target: { tagName: 'INPUT' } });
    expect(isTypingTarget({ tagName: 'TEXTAREA' } as unknown as EventTarget)).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true } as unknown as EventTarget)).toBe(true);
    expect(isTypingTarget({ tagName: 'CANVAS' } as unknown as EventTarget)).toBe(false);
    key('keydown', { code: 'KeyV', ctrlKey: true }); // Ctrl+V pastes; it is not talking
    key('keydown', { code: 'KeyB' });
    expect(seen).toEqual([true, false]);
    key('keydown', { code: 'KeyV' });
    fire('blur');
    expect(seen).toEqual([true, false, true, false]);
    stop();
    key('keydown', { code: 'KeyV' });
    expect(seen).toHaveLength(4);
  });
});
