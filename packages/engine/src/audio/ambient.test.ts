import { describe, expect, it } from 'vitest';
import { AMBIENT_LEVEL, AmbientPlayer, DUCKED, type AmbientAudioContext, type AmbientElement } from './ambient.ts';

function fakes() {
  const log: string[] = [];
  const gain = { gain: { value: -1 }, connect: () => log.push('gain.connect'), disconnect: () => {} };
  const ctx: AmbientAudioContext & { state: string } = {
    state: 'suspended',
    destination: {},
    resume: async () => { log.push('resume'); ctx.state = 'running'; },
    close: async () => { log.push('close'); },
    createGain: () => gain,
    createBuffer: (channels, length, rate) => ({ copyToChannel: (d: Float32Array) => log.push(`buffer ${channels}x${length}@${rate} ${d.length}`) }),
    createBufferSource: () => {
      const src = { buffer: null as unknown, loop: false, connect: () => {}, start: () => log.push(`start loop=${src.loop}`), stop: () => log.push('stop'), disconnect: () => {} };
      return src;
    },
  };
  const elements: (AmbientElement & { src: string; playing: boolean })[] = [];
  const createElement = (src: string) => {
    const el = {
      src, loop: false, volume: 1, playing: false,
      get paused() { return !this.playing; },
      play: async () => { if (!el.src) throw new Error('no source'); el.playing = true; },
      pause: () => { el.playing = false; },
      removeAttribute: () => { el.src = ''; },
      load: () => {},
    };
    elements.push(el);
    return el;
  };
  return { log, gain, ctx, elements, player: new AmbientPlayer({ resolveUri: (u) => `https://cdn.test${u}`, createContext: () => ctx, createElement }) };
}

describe('ambient sound player', () => {
  it('loops a built-in sound from a synthesised buffer at the ambient level, after a gesture', () => {
    const { log, gain, player } = fakes();
    player.set('atrium:sound/rain');
    expect(log).toContain('start loop=true');
    expect(log.find((l) => l.startsWith('buffer'))).toBe('buffer 1x176400@22050 176400');
    expect(gain.gain.value).toBe(AMBIENT_LEVEL);
    player.unlock();
    expect(log).toContain('resume');
    // The same uri again (an unrelated edit) does not restart the loop.
    player.set('atrium:sound/rain');
    expect(log.filter((l) => l.startsWith('start'))).toHaveLength(1);
  });

  it('plays an uploaded file on a looping element, switching stops the previous sound', () => {
    const { log, elements, player } = fakes();
    player.set('atrium:sound/wind');
    player.set('/api/file/abc');
    expect(log).toContain('stop');
    expect(elements[0]!.src).toBe('https://cdn.test/api/file/abc');
    expect(elements[0]!.loop).toBe(true);
    expect(elements[0]!.playing).toBe(true);
    player.set(null);
    expect(elements[0]!.playing).toBe(false);
    expect(player.uri).toBeNull();
  });

  it('follows the master volume and ducks under narration', () => {
    const { gain, elements, player } = fakes();
    player.set('/a.mp3');
    player.setVolume(0.5);
    expect(elements[0]!.volume).toBeCloseTo(0.5 * AMBIENT_LEVEL);
    player.duck(true);
    expect(elements[0]!.volume).toBeCloseTo(0.5 * AMBIENT_LEVEL * DUCKED);
    player.set('atrium:sound/birds');
    expect(gain.gain.value).toBeCloseTo(0.5 * AMBIENT_LEVEL * DUCKED);
    player.duck(false);
    player.setVolume(0);
    expect(gain.gain.value).toBe(0);
  });

  it('is silent where no audio exists (Node, old browsers) and ignores unknown built-ins', () => {
    const player = new AmbientPlayer({ resolveUri: (u) => u, createContext: () => null });
    expect(() => player.set('atrium:sound/rain')).not.toThrow();
    const { log, elements, player: p2 } = fakes();
    p2.set('atrium:sound/nope');
    // An unknown built-in id is treated as a URL the resolver maps, not a crash.
    expect(elements).toHaveLength(1);
    expect(log.filter((l) => l.startsWith('start'))).toHaveLength(0);
    p2.set('atrium:sound/hall');
    p2.dispose();
    expect(log).toContain('stop');
    expect(log).toContain('close');
    expect(p2.uri).toBeNull();
  });
});
