/** A pending `gpuDone`: `check()` reads the fence now, for a caller that can look sooner than the next poll. */
export type GpuDone = Promise<number> & { check(): void };

/**
 * Resolves with `performance.now()` once the GPU has finished every command issued before the call
 * (a WebGL 2 fence, polled): when the frame just drawn is really drawn. A page's render call returns
 * as soon as the commands are queued; the shaders' first-draw compiles and the pixels come after.
 * The poll is a timer, so a long task on the main thread (the next frame's uploads) delays it; a
 * page drawing that next frame calls `check()` as the frame begins.
 */
export function gpuDone(gl: WebGL2RenderingContext): GpuDone {
  const sync = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
  gl.flush();
  let check = () => {};
  const done = new Promise<number>((resolve) => {
    check = () => {
      if (!sync) { resolve(performance.now()); return; }
      if (gl.isSync(sync) && gl.getSyncParameter(sync, gl.SYNC_STATUS) === gl.SIGNALED) {
        gl.deleteSync(sync);
        resolve(performance.now());
      }
    };
    const poll = () => {
      check();
      if (sync && gl.isSync(sync)) setTimeout(poll, 1);
    };
    poll();
  });
  return Object.assign(done, { check: () => check() });
}
