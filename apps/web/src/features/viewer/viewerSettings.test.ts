import { describe, expect, it } from 'vitest';
import { SETTINGS_KEY, defaultSettings, loadSettings, parseSettings, saveSettings, type KeyValueStorage } from './viewerSettings.ts';

const memory = (): KeyValueStorage & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
};

describe('viewer settings persistence', () => {
  const fallback = defaultSettings(false);

  it('round-trips through storage', () => {
    const s = memory();
    const chosen = { quality: 'Ultra', renderQuality: 75, targetFramerate: 30, filtering: 'High' } as const;
    saveSettings(s, chosen);
    expect(JSON.parse(s.data.get(SETTINGS_KEY)!)).toEqual(chosen);
    expect(loadSettings(s, fallback)).toEqual(chosen);
  });

  it('defaults to High on desktop and Medium on phones, full render quality, 60 fps, Medium filtering', () => {
    expect(defaultSettings(false)).toEqual({ quality: 'High', renderQuality: 100, targetFramerate: 60, filtering: 'Medium' });
    expect(defaultSettings(true).quality).toBe('Medium');
  });

  it('keeps valid fields and replaces unknown or damaged ones', () => {
    expect(parseSettings('{"quality":"Potato","renderQuality":10,"targetFramerate":144,"filtering":"Low"}', fallback)).toEqual({
      quality: 'High', renderQuality: 50, targetFramerate: 60, filtering: 'Low',
    });
    expect(parseSettings('{"renderQuality":180}', fallback).renderQuality).toBe(100);
    expect(parseSettings('not json', fallback)).toEqual(fallback);
    expect(parseSettings('null', fallback)).toEqual(fallback);
    expect(parseSettings(null, fallback)).toEqual(fallback);
  });

  it('survives storage that throws (private browsing)', () => {
    const broken: KeyValueStorage = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('quota'); } };
    expect(loadSettings(broken, fallback)).toEqual(fallback);
    expect(() => saveSettings(broken, fallback)).not.toThrow();
  });
});
