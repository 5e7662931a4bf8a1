import { describe, expect, it } from 'vitest';
import { gpuBusyBetweenMarks } from './gpuBusy.ts';

const meta = [
  { ph: 'M', name: 'process_name', pid: 7, tid: 0, ts: 0, args: { name: 'GPU Process' } },
  { ph: 'M', name: 'thread_name', pid: 7, tid: 1, ts: 0, args: { name: 'CrGpuMain' } },
  { ph: 'M', name: 'thread_name', pid: 7, tid: 2, ts: 0, args: { name: 'VizCompositorThread' } },
];
const mark = (name: string, ts: number) => ({ ph: 'R', name, cat: 'blink.user_timing', pid: 3, tid: 3, ts });
const task = (ts: number, dur: number, tid = 1) => ({ ph: 'X', name: 'ThreadControllerImpl::RunTask', cat: 'toplevel', pid: 7, tid, ts, dur });

describe('gpuBusyBetweenMarks', () => {
  it("adds up the GPU main thread's tasks between the page's marks, clipped to them, nested ones once", () => {
    const traceEvents = [
      ...meta, mark('bench:load', 1_000), mark('bench:drawn', 11_000),
      task(0, 2_000), // 1 ms inside the window
      task(3_000, 4_000), task(4_000, 1_000), // a nested task counts once: 4 ms
      task(10_000, 5_000), // 1 ms inside
      task(5_000, 3_000, 2), // another thread: not counted
      task(20_000, 1_000), // after the window
    ];
    expect(gpuBusyBetweenMarks({ traceEvents })).toBe(6);
  });

  it('reads the last marks (a page that loaded twice) and refuses a trace without them', () => {
    const traceEvents = [...meta, mark('bench:load', 0), mark('bench:drawn', 1_000), mark('bench:load', 5_000), mark('bench:drawn', 9_000), task(0, 9_000)];
    expect(gpuBusyBetweenMarks({ traceEvents })).toBe(4);
    expect(() => gpuBusyBetweenMarks({ traceEvents: meta })).toThrow('marks');
  });
});
