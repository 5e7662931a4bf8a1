import { describe, expect, it } from 'vitest';
import { groupChatMessages } from './chat.ts';
import { chatText, moveMessage, spaceJoinOptions, REALTIME_PROTOCOL_VERSION } from './protocol.ts';

const at = (min: number) => new Date(Date.UTC(2026, 0, 1, 12, min)).toISOString();
const u = (id: string) => ({ id, name: id, profilePicture: null });

describe('chat grouping', () => {
  it('groups one user within 10 minutes, splits after a gap or another speaker, aligns mine right', () => {
    const groups = groupChatMessages(
      [
        { id: '1', text: 'a', time: at(0), user: u('me') },
        { id: '2', text: 'b', time: at(10), user: u('me') },
        { id: '3', text: 'c', time: at(21), user: u('me') },
        { id: '4', text: 'd', time: at(22), user: u('you') },
        { id: '5', text: 'e', time: at(23), user: u('me') },
      ],
      'me',
    );
    expect(groups.map((g) => [g.alignment, g.messages.map((m) => m.id).join('')])).toEqual([
      ['right', '12'],
      ['right', '3'],
      ['left', '4'],
      ['right', '5'],
    ]);
  });
});

describe('protocol schemas', () => {
  it('caps chat text at 1,000 characters after trimming and refuses blank text', () => {
    expect(chatText.safeParse(' '.repeat(5) + 'x'.repeat(1000)).success).toBe(true);
    expect(chatText.safeParse('x'.repeat(1001)).success).toBe(false);
    expect(chatText.safeParse('   ').success).toBe(false);
  });

  it('refuses non-finite moves and a foreign protocol version', () => {
    expect(moveMessage.safeParse({ x: NaN, y: 0, z: 0, ry: 0, anim: 'walk' }).success).toBe(false);
    expect(moveMessage.safeParse({ x: 1, y: 0, z: 0, ry: 0, anim: 'fly' }).success).toBe(false);
    expect(spaceJoinOptions.safeParse({ protocol: REALTIME_PROTOCOL_VERSION + 1, sceneId: 's' }).success).toBe(false);
    expect(spaceJoinOptions.safeParse({ protocol: REALTIME_PROTOCOL_VERSION, sceneId: 's' }).success).toBe(true);
  });
});
