// The GPU process's busy time during a page's timed load, read from a Chrome trace. Under
// SwiftShader that process draws every frame and links every shader, so it is the load's critical
// path, and its busy time is steadier than wall time on a shared machine.
import type { Browser, Page } from 'playwright-core';

interface TraceEvent { ph: string; name: string; cat?: string; pid: number; tid: number; ts: number; dur?: number; args?: { name?: string } }

/**
 * Runs `run` (which opens and loads `page`) under a trace and returns the milliseconds the GPU
 * process's main thread spent in tasks between the page's `bench:load` and `bench:drawn` marks
 * (the complete frame finished by the GPU: everything the load made it do).
 */
export async function gpuBusyDuring(browser: Browser, page: Page, run: () => Promise<void>): Promise<number> {
  await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing', '__metadata'] });
  let trace: Buffer;
  try {
    await run();
  } finally {
    trace = await browser.stopTracing();
  }
  return gpuBusyBetweenMarks(JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] });
}

export function gpuBusyBetweenMarks({ traceEvents: events }: { traceEvents: TraceEvent[] }): number {
  const gpuPid = events.find((e) => e.ph === 'M' && e.name === 'process_name' && e.args?.name === 'GPU Process')?.pid;
  const gpuTid = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === gpuPid && e.args?.name === 'CrGpuMain')?.tid;
  const mark = (name: string) => events.filter((e) => e.name === name && e.cat?.includes('user_timing')).at(-1)?.ts;
  const from = mark('bench:load'), to = mark('bench:drawn');
  if (gpuPid === undefined || gpuTid === undefined || from === undefined || to === undefined) throw new Error('trace lacks the GPU thread or the bench marks');
  // Top-level tasks can nest (a task running a nested loop): count the union of their spans.
  const spans = events
    .filter((e) => e.pid === gpuPid && e.tid === gpuTid && e.ph === 'X' && e.cat?.includes('toplevel') && e.dur)
    .map((e) => [Math.max(e.ts, from), Math.min(e.ts + e.dur!, to)] as const)
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  let busy = 0, end = from;
  for (const [a, b] of spans) {
    if (b <= end) continue;
    busy += b - Math.max(a, end);
    end = b;
  }
  return busy / 1000;
}
