import { describe, expect, it, vi } from 'vitest';
import { ProgressTracker } from '../loading/progress.ts';
import { Emitter } from './emitter.ts';
import { QUALITY, QUALITY_PRESETS, anisotropyFor } from './quality.ts';
import { createStore } from './store.ts';

describe('store', () => {
  it('notifies a selector only when its slice changes', () => {
    const store = createStore({ selection: [] as string[], fps: 0 });
    const seen = vi.fn();
    store.subscribe((s) => s.selection, seen);
    store.setState({ fps: 60 });
    store.setState({ fps: 59 });
    expect(seen).not.toHaveBeenCalled();
    store.setState({ selection: ['a'] });
    expect(seen).toHaveBeenCalledWith(['a'], []);
  });
});

describe('emitter', () => {
  it('delivers typed payloads, supports once/off and survives a throwing listener', () => {
    const e = new Emitter<{ ping: number }>();
    const got: number[] = [];
    vi.spyOn(console, 'error').mockImplementation(() => {});
    e.on('ping', () => { throw new Error('bad listener'); });
    const off = e.on('ping', (n) => got.push(n));
    e.once('ping', (n) => got.push(n * 10));
    e.emit('ping', 1);
    off();
    e.emit('ping', 2);
    expect(got).toEqual([1, 10]);
  });
});

describe('progress tracker', () => {
  it('sums bytes across requests and counts items', () => {
    const snaps: unknown[] = [];
    const t = new ProgressTracker((p) => snaps.push(p));
    t.addItems(2);
    const a = t.request();
    const b = t.request();
    a(50, 100);
    b(10, 0); // no Content-Length: total grows with what arrived
    t.itemDone();
    expect(t.snapshot()).toEqual({ loadedBytes: 60, totalBytes: 110, loadedItems: 1, totalItems: 2 });
    expect(t.complete).toBe(false);
    t.itemDone();
    expect(t.complete).toBe(true);
  });

  it('tells an item finishing (a frame to draw) from bytes streaming in and items counted (nothing to show)', () => {
    const heard: boolean[] = [];
    const t = new ProgressTracker((_p, arrived) => heard.push(arrived));
    t.addItems(2);
    const bytes = t.request();
    bytes(10, 100);
    bytes(100, 100);
    t.itemDone();
    t.itemDone();
    expect(heard).toEqual([false, false, false, true, true]);
  });
});

describe('quality presets', () => {
  it('cover Lowest..Max with rising cost', () => {
    expect(QUALITY_PRESETS).toEqual(['Lowest', 'Low', 'Medium', 'High', 'Ultra', 'Max']);
    const px = QUALITY_PRESETS.map((p) => QUALITY[p].maxPixelRatio);
    expect([...px].sort((a, b) => a - b)).toEqual(px);
    expect(QUALITY.Lowest.shadowMapSize).toBe(0);
    expect(anisotropyFor('Low', 16)).toBe(1);
    expect(anisotropyFor('High', 16)).toBe(16);
  });
});
