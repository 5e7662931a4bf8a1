import { chromium, type Browser } from 'playwright-core';
import { capRendering, CHROMIUM, CHROMIUM_ARGS } from './harness.ts';
import type { Visitor } from './realtimeVisitors.ts';

// Voice in the browser (issue 20): visitors whose Chromium has a fake microphone (a tone) and reads
// WebRTC statistics. Shared by the voice and broadcast tests.

export interface AudioIn {
  packets: number;
  level: number;
}
declare global {
  interface Window {
    __voicePeers?: RTCPeerConnection[];
  }
}

const LOW = JSON.stringify({ quality: 'Low', renderQuality: 50, targetFramerate: 30, filtering: 'Medium' });

/** A visitor whose browser has a fake microphone (a tone) and allows it without asking; `browsers` collects it for closing. */
export async function talker(baseURL: string, browsers: Browser[]): Promise<Visitor> {
  const b = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
      '--disable-renderer-backgrounding',
      '--disable-background-timer-throttling',
      '--disable-backgrounding-occluded-windows',
    ],
  });
  browsers.push(b);
  const context = await b.newContext({ viewport: { width: 1280, height: 640 }, baseURL });
  await capRendering(context);
  const page = (await context.newPage()) as Visitor;
  await page.addInitScript((v) => localStorage.setItem('atrium.viewer.settings', v), LOW);
  // The test reads WebRTC statistics the way chrome://webrtc-internals does: from every connection.
  await page.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    window.__voicePeers = [];
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(config);
        window.__voicePeers!.push(this);
      }
    };
  });
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') page.errors.push(m.text());
  });
  return page;
}

/**
 * Inbound audio over all of a page's connections: RTP packets received (inbound-rtp) and the loudest
 * level WebRTC reports for the received sources. Playout goes through Web Audio panners, not a media
 * element, so inbound-rtp's own audioLevel (measured at an element's playout volume) stays 0; the
 * receivers' synchronization sources carry the level of what arrives.
 */
export const audioIn = (page: Visitor) =>
  page.evaluate(async (): Promise<AudioIn> => {
    let packets = 0;
    let level = 0;
    for (const pc of window.__voicePeers ?? []) {
      if (pc.connectionState === 'closed') continue;
      const stats = await pc.getStats();
      stats.forEach((s: { type: string; kind?: string; packetsReceived?: number }) => {
        if (s.type === 'inbound-rtp' && s.kind === 'audio') packets += s.packetsReceived ?? 0;
      });
      for (const r of pc.getReceivers()) for (const src of r.getSynchronizationSources()) level = Math.max(level, src.audioLevel ?? 0);
    }
    return { packets, level };
  });
