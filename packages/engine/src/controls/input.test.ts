import { describe, expect, it } from 'vitest';
import { keyboardBlockedBy } from './input.ts';
import { Look } from './look.ts';

describe('keyboard focus rule', () => {
  it('blocks while a text field, select or contenteditable outside the engine has focus', () => {
    expect(keyboardBlockedBy({ tagName: 'INPUT', type: 'text' }, false)).toBe(true);
    expect(keyboardBlockedBy({ tagName: 'input' }, false)).toBe(true);
    expect(keyboardBlockedBy({ tagName: 'TEXTAREA' }, false)).toBe(true);
    expect(keyboardBlockedBy({ tagName: 'SELECT' }, false)).toBe(true);
    expect(keyboardBlockedBy({ tagName: 'DIV', isContentEditable: true }, false)).toBe(true);
  });

  it('does not block for buttons, the body, or elements inside the engine', () => {
    expect(keyboardBlockedBy({ tagName: 'BUTTON' }, false)).toBe(false);
    expect(keyboardBlockedBy({ tagName: 'INPUT', type: 'checkbox' }, false)).toBe(false);
    expect(keyboardBlockedBy({ tagName: 'BODY' }, false)).toBe(false);
    expect(keyboardBlockedBy(null, false)).toBe(false);
    expect(keyboardBlockedBy({ tagName: 'INPUT', type: 'text' }, true)).toBe(false);
  });
});

describe('look heading', () => {
  it('maps forward to -Z at yaw 0 and to -X after turning left 90°', () => {
    const look = new Look();
    const v = { x: 0, y: 0, z: 0, set(x: number, y: number, z: number) { this.x = x; this.y = y; this.z = z; } };
    look.horizontal(0, 1, 2, v);
    expect([v.x, v.z].map((n) => +n.toFixed(5) + 0)).toEqual([0, -2]);
    look.yaw = Math.PI / 2;
    look.horizontal(0, 1, 2, v);
    expect([v.x, v.z].map((n) => +n.toFixed(5) + 0)).toEqual([-2, 0]);
    look.horizontal(1, 0, 2, v); // strafe right while facing -X is -Z
    expect([v.x, v.z].map((n) => +n.toFixed(5) + 0)).toEqual([0, -2]);
  });
});
