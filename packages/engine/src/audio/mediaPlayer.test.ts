import { describe, expect, it } from 'vitest';
import { FakeVideo } from '../harness/fakeDom.ts';
import type { AmbientPlayer } from './ambient.ts';
import { MediaPlayer, type MediaElement } from './mediaPlayer.ts';

function player() {
  const ducks: boolean[] = [];
  const volumes: number[] = [];
  const ambient = { duck: (on: boolean) => ducks.push(on), setVolume: (v: number) => volumes.push(v) } as unknown as AmbientPlayer;
  const videos = [new FakeVideo(), new FakeVideo()];
  const clips: FakeVideo[] = [];
  const media = new MediaPlayer({
    ambient, videos: () => videos as unknown as MediaElement[], resolveUri: (u) => `/files${u}`,
    createAudio: (src) => { const a = new FakeVideo(); a.src = src; clips.push(a); return a as unknown as MediaElement; },
  });
  return { media, ducks, volumes, videos, clips };
}

describe('MediaPlayer', () => {
  it('plays a tour clip at the master volume and ducks the ambient bed until it ends', () => {
    const { media, ducks, clips } = player();
    media.setVolume(0.4);
    media.playClip('/a.mp3');
    expect(clips[0]!.src).toBe('/files/a.mp3');
    expect(clips[0]!.paused).toBe(false);
    expect(clips[0]!.volume).toBe(0.4);
    expect(ducks.at(-1)).toBe(true);
    clips[0]!.dispatchEvent(new Event('ended'));
    expect(ducks.at(-1)).toBe(false);
    media.playClip('/b.mp3');
    media.playClip(undefined);
    expect(clips[1]!.paused).toBe(true);
  });

  it('sets the volume of video screens, mutes at 0, and knows when a video plays', async () => {
    const { media, videos, volumes } = player();
    media.setVolume(0);
    expect(videos.every((v) => v.muted && v.volume === 0)).toBe(true);
    expect(volumes).toEqual([0]);
    expect(media.videoPlaying()).toBe(false);
    await videos[1]!.play();
    expect(media.videoPlaying()).toBe(true);
    media.setVolume(Number.NaN);
    expect(media.volume).toBe(1);
  });
});
