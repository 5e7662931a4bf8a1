// One simulated voice participant for `npm run bench voice`: the same path a browser takes (a token
// from POST /api/voice/token, Janus's WebSocket API through the server's /api/voice/ws proxy, the
// VideoRoom publisher/subscriber requests), with werift as the WebRTC stack and synthetic Opus.
import { networkInterfaces } from 'node:os';
import { MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters, RtpHeader, RtpPacket } from 'werift';
import { JANUS_WS_PROTOCOL, VOICE_LIMITS, type VoiceToken } from '@atrium/shared';

interface JanusMessage {
  janus: string;
  transaction?: string;
  sender?: number;
  data?: { id: number };
  error?: { code: number; reason: string };
  plugindata?: { data: Record<string, unknown> & { error_code?: number; error?: string } };
  jsep?: { type: 'offer' | 'answer'; sdp: string };
}

/** Janus's WebSocket API: requests matched to answers by transaction, an ack is skipped for plugin messages. */
class JanusWs {
  private readonly pending = new Map<string, { resolve: (m: JanusMessage) => void; reject: (e: Error) => void; ackIsEnough: boolean }>();
  private session = 0;
  private readonly ws: WebSocket;
  private readonly token: string;
  private constructor(ws: WebSocket, token: string) {
    this.ws = ws;
    this.token = token;
    ws.onmessage = (e) => {
      const m = JSON.parse(String(e.data)) as JanusMessage;
      const p = m.transaction ? this.pending.get(m.transaction) : undefined;
      if (!p || (m.janus === 'ack' && !p.ackIsEnough)) return;
      this.pending.delete(m.transaction!);
      const pluginError = m.plugindata?.data.error_code;
      if (m.janus === 'error' || pluginError) p.reject(new Error(m.error?.reason ?? String(m.plugindata?.data.error)));
      else p.resolve(m);
    };
    ws.onclose = () => {
      for (const p of this.pending.values()) p.reject(new Error('janus socket closed'));
      this.pending.clear();
    };
  }

  static async open(url: string, token: string) {
    const ws = new WebSocket(url, JANUS_WS_PROTOCOL);
    await new Promise<void>((resolve, reject) => {
      ws.onopen = () => resolve();
      ws.onerror = () => reject(new Error(`cannot reach ${url}`));
    });
    const j = new JanusWs(ws, token);
    j.session = (await j.send({ janus: 'create' })).data!.id;
    return j;
  }

  send(body: Record<string, unknown>, ackIsEnough = false): Promise<JanusMessage> {
    const transaction = crypto.randomUUID();
    return new Promise((resolve, reject) => {
      this.pending.set(transaction, { resolve, reject, ackIsEnough });
      this.ws.send(JSON.stringify({ ...body, transaction, token: this.token, ...(this.session ? { session_id: this.session } : {}) }));
    });
  }

  async attach() {
    const id = (await this.send({ janus: 'attach', plugin: 'janus.plugin.videoroom' })).data!.id;
    return {
      message: (body: Record<string, unknown>, jsep?: { type: string; sdp: string }) =>
        this.send({ janus: 'message', handle_id: id, body, ...(jsep ? { jsep } : {}) }),
    };
  }

  close() {
    if (this.ws.readyState === WebSocket.OPEN) void this.send({ janus: 'destroy' }, true).catch(() => {});
    this.ws.close();
  }
}

const OPUS = new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48000, channels: 2, payloadType: 111 });
/**
 * Only pairs between this machine's own addresses: the bench's media never leaves it (the kernel
 * routes it internally). Janus's ICE (libnice) offers no 127.0.0.1 candidate, only the interfaces'.
 */
const ownAddresses = new Set(Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((a) => a.address)));
const peer = () =>
  new RTCPeerConnection({
    codecs: { audio: [OPUS], video: [] },
    iceFilterCandidatePair: (pair) => ownAddresses.has(pair.localCandidate.host) && ownAddresses.has(pair.remoteCandidate.host),
    iceUseIpv6: false,
  });

async function connected(pc: RTCPeerConnection, ms: number) {
  if (pc.connectionState === 'connected') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`WebRTC not connected after ${ms} ms (${pc.connectionState})`)), ms);
    const sub = pc.connectionStateChange.subscribe((s) => {
      if (s === 'connected') {
        clearTimeout(timer);
        sub.unSubscribe();
        resolve();
      } else if (s === 'failed' || s === 'closed') {
        clearTimeout(timer);
        sub.unSubscribe();
        reject(new Error(`WebRTC ${s}`));
      }
    });
  });
}

/**
 * 20 ms Opus frames of a fixed size: a TOC byte for a 20 ms CELT fullband mono frame (config 31)
 * followed by filler. VideoRoom forwards Opus without decoding it, so what matters to the SFU is
 * the packet rate and size; 80 bytes every 20 ms is the 32 kbit/s the rooms are configured for.
 */
export const OPUS_FRAME_BYTES = VOICE_LIMITS.bitrate / 8 / 50;
const frame = Buffer.alloc(OPUS_FRAME_BYTES, 0x5a);
frame[0] = 31 << 3;

export class Participant {
  joinMs = 0;
  bytesIn = 0;
  packetsIn = 0;
  bytesOut = 0;
  packetsOut = 0;
  participantId = '';
  private janus: JanusWs | null = null;
  private pub: RTCPeerConnection | null = null;
  private sub: RTCPeerConnection | null = null;
  private track: MediaStreamTrack | null = null;
  private seq = Math.floor(Math.random() * 60000);
  private ts = Math.floor(Math.random() * 1e9);
  private token: VoiceToken | null = null;
  private privateId = 0;
  private readonly o: { base: string; apiKey: string; sceneId: string; instanceId: string };

  constructor(o: { base: string; apiKey: string; sceneId: string; instanceId: string }) {
    this.o = o;
  }

  /** Token → Janus session → publisher joined → WebRTC connected: the join time a visitor waits. */
  async join() {
    const t0 = performance.now();
    const res = await fetch(`${this.o.base}/api/voice/token`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.o.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ sceneId: this.o.sceneId, instanceId: this.o.instanceId }),
    });
    if (!res.ok) throw new Error(`voice token ${res.status}: ${await res.text()}`);
    const token = (this.token = (await res.json()) as VoiceToken);
    this.participantId = token.participantId;
    this.janus = await JanusWs.open(`${this.o.base.replace(/^http/, 'ws')}${token.wsPath}`, token.token);
    const handle = await this.janus.attach();
    const joined = await handle.message({ request: 'join', ptype: 'publisher', room: token.room, id: token.participantId, display: 'bench', token: token.token });
    this.privateId = (joined.plugindata!.data as { private_id: number }).private_id;
    const pc = (this.pub = peer());
    this.track = new MediaStreamTrack({ kind: 'audio' });
    pc.addTransceiver(this.track, { direction: 'sendonly' });
    await pc.setLocalDescription(await pc.createOffer());
    const answer = await handle.message({ request: 'configure', audio: true, video: false, bitrate: VOICE_LIMITS.bitrate }, pc.localDescription!);
    await pc.setRemoteDescription(answer.jsep!);
    await connected(pc, 20_000);
    this.joinMs = performance.now() - t0;
  }

  /** One subscription carrying every other publisher's stream (VideoRoom multistream). */
  async listen(feeds: string[]) {
    const others = feeds.filter((f) => f !== this.participantId);
    if (!others.length || !this.janus || !this.token) return;
    const handle = await this.janus.attach();
    const offer = await handle.message({
      request: 'join',
      ptype: 'subscriber',
      room: this.token.room,
      streams: others.map((feed) => ({ feed })),
      private_id: this.privateId,
      token: this.token.token,
    });
    const pc = (this.sub = peer());
    pc.onTrack.subscribe((track) =>
      track.onReceiveRtp.subscribe((rtp) => {
        this.packetsIn++;
        this.bytesIn += rtp.serializeSize;
      }),
    );
    await pc.setRemoteDescription(offer.jsep!);
    await pc.setLocalDescription(await pc.createAnswer());
    await handle.message({ request: 'start' }, pc.localDescription!);
    await connected(pc, 20_000);
  }

  /** Sends the next 20 ms frame. */
  speak() {
    if (!this.track) return;
    this.seq = (this.seq + 1) & 0xffff;
    this.ts = (this.ts + 960) >>> 0;
    const rtp = new RtpPacket(new RtpHeader({ payloadType: OPUS.payloadType, sequenceNumber: this.seq, timestamp: this.ts, marker: false }), frame);
    this.track.writeRtp(rtp);
    this.bytesOut += rtp.serializeSize;
    this.packetsOut++;
  }

  resetCounters() {
    this.bytesIn = this.packetsIn = this.bytesOut = this.packetsOut = 0;
  }

  async leave() {
    await Promise.allSettled([this.sub?.close(), this.pub?.close()]);
    this.janus?.close();
  }
}
