/**
 * Resolves with `performance.now()` once the GPU has finished every command issued before the call
 * (a WebGL 2 fence, polled): when the frame just drawn is really drawn. A page's render call returns
 * as soon as the commands are queued; the shaders' first-draw compiles and the pixels come after.
 */
export function gpuDone(gl: WebGL2RenderingContext): Promise<number> {
  const sync = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
  gl.flush();
  return new Promise((resolve) => {
    const poll = () => {
      if (sync && gl.getSyncParameter(sync, gl.SYNC_STATUS) !== gl.SIGNALED) { setTimeout(poll, 1); return; }
      if (sync) gl.deleteSync(sync);
      resolve(performance.now());
    };
    poll();
  });
}
