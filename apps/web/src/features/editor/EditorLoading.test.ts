import { describe, expect, it } from 'vitest';
import { editorLoadPercent } from './EditorLoading.tsx';

const p = (loadedItems: number, totalItems: number, loadedBytes = 0, totalBytes = 0) => ({ loadedItems, totalItems, loadedBytes, totalBytes });

describe('editor first-open progress', () => {
  it('stays at 0 % while the renderer and shaders are prepared, then counts the space in', () => {
    expect(editorLoadPercent(null, p(0, 0))).toBe(0);
    expect(editorLoadPercent('created', p(0, 0))).toBe(0);
    expect(editorLoadPercent('configured', p(0, 40))).toBe(10);
    expect(editorLoadPercent('configured', p(20, 40, 500, 1000))).toBe(55);
    // Never 100 % before the last item finished.
    expect(editorLoadPercent('configured', p(39, 40, 1000, 1000))).toBeLessThan(100);
    expect(editorLoadPercent('readyForInput', p(40, 40))).toBe(100);
  });
});
