import { describe, expect, it, vi } from 'vitest';
import { msg } from '@atrium/shared';
import { ChunkTimeoutError, withTimeout } from './lazyWithTimeout.ts';

describe('withTimeout', () => {
  it('rejects with the spec timeout text when the chunk never arrives', async () => {
    vi.useFakeTimers();
    const pending = withTimeout(() => new Promise<never>(() => {}), 60_000);
    const caught = pending.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(60_000);
    const error = await caught;
    expect(error).toBeInstanceOf(ChunkTimeoutError);
    expect((error as Error).message).toBe(msg.chunkTimeout);
    vi.useRealTimers();
  });

  it('resolves with the module when it loads in time', async () => {
    await expect(withTimeout(() => Promise.resolve({ default: 1 }), 1000)).resolves.toEqual({ default: 1 });
  });

  it('passes through the loader error', async () => {
    await expect(withTimeout(() => Promise.reject(new Error('boom')), 1000)).rejects.toThrow('boom');
  });
});
