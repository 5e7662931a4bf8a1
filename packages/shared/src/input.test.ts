import { describe, expect, it } from 'vitest';
import { findInputProblem, jsonTextDepthExceeds, MAX_INPUT_DEPTH, webUrl } from './input.ts';
import { migrateSceneDocument, SceneDocumentValidationError } from './scene/migrations.ts';
import { chatText } from './realtime/protocol.ts';

/** An object nested `depth` levels, built in a loop so building it cannot overflow the stack. */
function deep(depth: number): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  let at = root;
  for (let i = 1; i < depth; i++) at = (at.a = {}) as Record<string, unknown>;
  return root;
}

describe('untrusted input checks', () => {
  it('finds a NUL in a nested string or key and names its path', () => {
    expect(findInputProblem({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toEqual({ kind: 'nul', path: 'a.1.c' });
    expect(findInputProblem({ ['k\u0000']: 1 })).toEqual({ kind: 'nul', path: 'k\u0000' });
    expect(findInputProblem('\u0000')).toEqual({ kind: 'nul', path: '' });
    expect(findInputProblem({ a: ['fine', 1, null, true] })).toBeNull();
  });

  it('bounds depth without recursing, at 20,000 levels too', () => {
    expect(findInputProblem(deep(MAX_INPUT_DEPTH))).toBeNull();
    expect(findInputProblem(deep(MAX_INPUT_DEPTH + 1))?.kind).toBe('depth');
    expect(findInputProblem(deep(20_000))?.kind).toBe('depth');
  });

  it('measures JSON text depth, ignoring brackets inside strings', () => {
    const nested = (d: number) => '['.repeat(d) + ']'.repeat(d);
    expect(jsonTextDepthExceeds(nested(MAX_INPUT_DEPTH))).toBe(false);
    expect(jsonTextDepthExceeds(nested(MAX_INPUT_DEPTH + 1))).toBe(true);
    expect(jsonTextDepthExceeds(`{"a":"${'['.repeat(500)}\\"${'{'.repeat(500)}"}`)).toBe(false);
  });

  it('refuses an over-deep scene document as invalid instead of overflowing the stack', () => {
    const doc = { version: 1, customSpace: deep(20_000) };
    expect(() => migrateSceneDocument(doc)).toThrow(SceneDocumentValidationError);
    expect(() => migrateSceneDocument({ version: 1, texts3d: [{ id: 't', position: [0, 0, 0], text: 'a\u0000' }] })).toThrow(/NUL/);
  });

  it('accepts only http(s) web URLs', () => {
    for (const ok of ['https://example.org/a?b=1', 'http://localhost:8080/x']) expect(webUrl.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['javascript:alert(1)', ' javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'java\tscript:alert(1)', 'data:text/html,x', 'vbscript:x', '/relative', 'mailto:a@b.c', ''])
      expect(webUrl.safeParse(bad).success, bad).toBe(false);
  });

  it('drops NUL characters from chat text sent over sockets', () => {
    expect(chatText.parse(' hi\u0000 there ')).toBe('hi there');
    expect(chatText.safeParse('\u0000').success).toBe(false);
  });
});
