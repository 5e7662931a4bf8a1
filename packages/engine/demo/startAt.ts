/**
 * The viewer bench's pages start their timed load no sooner than `?startAt=` ms after navigation
 * began. Chrome tears the new tab's initial about:blank widget down 1 s after a navigation, and
 * that teardown waits for the GPU to finish everything queued (a Finish on the channel): during a
 * load, 70-270 ms in which the page's main thread can do nothing. A page whose modules load faster
 * (the bare one) finished before it; the engine page, hundreds of modules under the dev server,
 * had it land in the middle of its load. A visitor's space opens inside the running app, or long
 * after its tab's first second; so both pages wait it out.
 */
export async function waitForStartAt(params: URLSearchParams): Promise<void> {
  const at = Number(params.get('startAt') ?? 0);
  const wait = at - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}
