import { execFile } from 'node:child_process';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

let available: Promise<boolean> | null = null;
/** Debian's ffmpeg/ffprobe (installed by .ci/run); without them videos are stored without a poster. */
export function ffmpegAvailable(): Promise<boolean> {
  available ??= run('ffprobe', ['-version'], { timeout: 10_000 }).then(
    () => true,
    () => false,
  );
  return available;
}

export interface Probe {
  duration: number | null;
  width: number | null;
  height: number | null;
  hasVideo: boolean;
  hasAudio: boolean;
}

interface FfprobeOut {
  format?: { duration?: string };
  streams?: { codec_type?: string; width?: number; height?: number; duration?: string }[];
}

/** Reads duration, size and which streams a media file has; null when ffprobe cannot parse it. */
export async function probe(file: string): Promise<Probe | null> {
  try {
    const { stdout } = await run(
      'ffprobe',
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      { timeout: 30_000, maxBuffer: 4 * 1024 * 1024 },
    );
    const out = JSON.parse(stdout) as FfprobeOut;
    const streams = out.streams ?? [];
    const v = streams.find((s) => s.codec_type === 'video');
    const d = Number(out.format?.duration ?? v?.duration ?? NaN);
    return {
      duration: Number.isFinite(d) ? Math.round(d * 1000) / 1000 : null,
      width: v?.width ?? null,
      height: v?.height ?? null,
      hasVideo: Boolean(v),
      hasAudio: streams.some((s) => s.codec_type === 'audio'),
    };
  } catch {
    return null;
  }
}

/** One JPEG frame a little into the video (the very first frame is often black). */
export async function posterFrame(file: string, duration: number | null): Promise<Buffer | null> {
  const out = path.join(path.dirname(file), `poster-${path.basename(file)}.jpg`);
  const at = duration ? Math.min(1, duration / 2) : 0;
  try {
    await run(
      'ffmpeg',
      ['-v', 'error', '-y', '-ss', String(at), '-i', file, '-frames:v', '1', '-vf', 'scale=960:-2', out],
      { timeout: 60_000 },
    );
    return await fsp.readFile(out);
  } catch {
    return null;
  } finally {
    await fsp.rm(out, { force: true });
  }
}
