import { api, call } from '../../api/client.ts';
import { userIdOfParticipant, VOICE_LIMITS, type VoiceToken } from '@atrium/shared/voice/index';
import { JanusSocket, type JanusHandle, type JanusMessage } from './janusSocket.ts';
import { levelOf, placeListener, placeSpeaker, SPATIAL } from './spatial.ts';
import { micOpen, statusOf, TalkingDetector } from './talking.ts';
import { SnapshotStore } from '../../components/snapshotStore.ts';

export type VoiceStatus =
  | 'connecting'
  | 'live'
  /** Hearing others, but the browser refused the microphone (spec: 'You should give access…'). */
  | 'micDenied'
  /** The space's communication list leaves this visitor out ('Communications are disabled'). */
  | 'disabled'
  | 'mutedByOwner'
  /** No Janus on this server: text chat only. */
  | 'unavailable'
  | 'reconnecting'
  | 'ended';

export interface VoiceSnapshot {
  status: VoiceStatus;
  micMuted: boolean;
  /** This visitor's microphone level, 0–1. */
  level: number;
  /** User ids talking right now (including this visitor). */
  talking: string[];
  /** User ids heard in the voice room. */
  speakers: string[];
  devices: { deviceId: string; label: string }[];
  deviceId: string | null;
  /** Push-to-talk (Settings): the microphone sends only while the talk key (V) is held. */
  pushToTalk: boolean;
  talkKeyHeld: boolean;
}

export interface VoiceOptions {
  sceneId: string;
  instanceId: string;
  userId: string;
  /** Other visitors' avatar positions by user id. */
  positions(): ReadonlyMap<string, readonly [number, number, number]>;
  /** This visitor's own avatar (the listener). */
  listener(): { position: readonly [number, number, number]; yaw: number };
  /** People this visitor muted for themselves (Live visitors' Mute): not played. */
  hidden(): readonly string[];
  deviceId: string | null;
  pushToTalk: boolean;
}

interface Remote {
  feed: string;
  userId: string;
  handle: JanusHandle;
  pc: RTCPeerConnection;
  nodes?: { source: MediaStreamAudioSourceNode; panner: PannerNode; gain: GainNode; analyser: AnalyserNode; element: HTMLAudioElement };
}

const TICK_MS = 100;
const RETRY_MS = 5000;

/**
 * One visitor's voice in one space instance: publishes their microphone (Opus, echo cancellation)
 * to the instance's Janus VideoRoom and plays everyone else through Web Audio panners at their
 * avatars. Best-effort like the rest of realtime: if voice fails, the space and text chat go on.
 */
export class VoiceSession extends SnapshotStore<VoiceSnapshot> {
  private readonly o: VoiceOptions;
  private token: VoiceToken | null = null;
  private socket: JanusSocket | null = null;
  private publisher: JanusHandle | null = null;
  private privateId: number | null = null;
  private pubPc: RTCPeerConnection | null = null;
  private mic: MediaStream | null = null;
  private ctx: AudioContext | null = null;
  private localAnalyser: AnalyserNode | null = null;
  private readonly remotes = new Map<string, Remote>();
  private readonly timers: ReturnType<typeof setTimeout>[] = [];
  private tick: ReturnType<typeof setInterval> | null = null;
  private disposed = false;
  private readonly buffer = new Float32Array(512);
  private readonly detector = new TalkingDetector();

  constructor(o: VoiceOptions) {
    super({ status: 'connecting', micMuted: false, level: 0, talking: [], speakers: [], devices: [], deviceId: o.deviceId, pushToTalk: o.pushToTalk, talkKeyHeld: false });
    this.o = o;
  }


  async start() {
    try {
      await this.connect();
    } catch (e) {
      if (this.disposed) return;
      const status = statusOf(e);
      this.teardown();
      this.set({ status, talking: [], speakers: [] });
      // Janus down or restarting: try again; refusals by rule stay until something changes.
      if (status === 'reconnecting') this.later(() => void this.start(), RETRY_MS);
    }
  }

  private async fetchToken(): Promise<VoiceToken> {
    return call(
      api.POST('/api/voice/token', {
        body: { sceneId: this.o.sceneId, instanceId: this.o.instanceId, ...(this.token ? { participantId: this.token.participantId } : {}) },
      }),
      { quietForbidden: true },
    );
  }

  private async connect() {
    const status = await call(api.GET('/api/voice/status'));
    if (!status.available) return this.set({ status: 'unavailable' });
    this.token = await this.fetchToken();
    if (this.disposed) return;
    this.ctx ??= new AudioContext();
    void this.ctx.resume().catch(() => {});
    await this.openMicrophone();
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = await JanusSocket.open(`${scheme}//${location.host}${this.token.wsPath}`, this.token.token);
    if (this.disposed) return socket.close();
    this.socket = socket;
    socket.onClose = () => {
      if (this.disposed || this.socket !== socket) return;
      this.teardown();
      this.set({ status: 'reconnecting', talking: [], speakers: [] });
      this.later(() => void this.start(), RETRY_MS);
    };
    this.publisher = await socket.attach((m) => this.onPublisherEvent(m));
    const joined = await this.publisher.message({
      request: 'join',
      ptype: 'publisher',
      room: this.token.room,
      id: this.token.participantId,
      display: this.o.userId,
      token: this.token.token,
    });
    const data = joined.plugindata!.data as { private_id: number; publishers?: { id: string }[] };
    this.privateId = data.private_id;
    if (this.mic) await this.publish();
    for (const p of data.publishers ?? []) void this.subscribeTo(String(p.id));
    this.set({ status: this.mic ? 'live' : 'micDenied' });
    this.scheduleRefresh();
    this.tick = setInterval(() => this.update(), TICK_MS);
  }

  private async openMicrophone() {
    try {
      this.mic = await navigator.mediaDevices.getUserMedia({
        audio: {
          ...(this.state.deviceId ? { deviceId: { exact: this.state.deviceId } } : {}),
          echoCancellation: true,
          noiseSuppression: true,
          autoGainControl: true,
        },
        video: false,
      });
    } catch {
      // Denied or no device: the visitor still hears the room (and can allow it later).
      this.mic = null;
      return;
    }
    for (const t of this.mic.getAudioTracks()) t.enabled = micOpen(this.state);
    const source = this.ctx!.createMediaStreamSource(this.mic);
    this.localAnalyser = new AnalyserNode(this.ctx!, { fftSize: 512 });
    source.connect(this.localAnalyser);
    await this.listDevices();
  }

  private async listDevices() {
    const all = await navigator.mediaDevices.enumerateDevices().catch(() => []);
    const devices = all.filter((d) => d.kind === 'audioinput').map((d, i) => ({ deviceId: d.deviceId, label: d.label || `#${i + 1}` }));
    const current = this.mic?.getAudioTracks()[0]?.getSettings().deviceId ?? this.state.deviceId;
    this.set({ devices, deviceId: current ?? null });
  }

  private newPeer() {
    return new RTCPeerConnection({ iceServers: this.token?.iceServers ?? [] });
  }

  private async publish() {
    const pc = (this.pubPc = this.newPeer());
    for (const track of this.mic!.getAudioTracks()) pc.addTransceiver(track, { direction: 'sendonly', streams: [this.mic!] });
    pc.onicecandidate = (e) => this.publisher?.trickle(e.candidate);
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    const answer = await this.publisher!.message({ request: 'configure', audio: true, video: false, bitrate: VOICE_LIMITS.bitrate }, offer);
    if (answer.jsep) await pc.setRemoteDescription(answer.jsep);
  }

  private onPublisherEvent(m: JanusMessage) {
    const data = m.plugindata?.data as
      | { videoroom?: string; publishers?: { id: string }[]; unpublished?: string; leaving?: string; reason?: string }
      | undefined;
    if (!data) return;
    for (const p of data.publishers ?? []) void this.subscribeTo(String(p.id));
    const gone = data.unpublished ?? data.leaving;
    if (gone === 'ok' && data.reason === 'kicked') {
      this.teardown();
      this.set({ status: 'mutedByOwner', talking: [], speakers: [] });
      return;
    }
    if (gone && gone !== 'ok') this.unsubscribe(String(gone));
  }

  private async subscribeTo(feed: string) {
    if (this.remotes.has(feed) || feed === this.token?.participantId || !this.socket) return;
    const handle = await this.socket.attach((m) => {
      if (m.janus === 'hangup') this.unsubscribe(feed);
    });
    const pc = this.newPeer();
    const remote: Remote = { feed, userId: userIdOfParticipant(feed), handle, pc };
    this.remotes.set(feed, remote);
    pc.onicecandidate = (e) => handle.trickle(e.candidate);
    pc.ontrack = (e) => this.play(remote, e.streams[0] ?? new MediaStream([e.track]));
    try {
      const attached = await handle.message({ request: 'join', ptype: 'subscriber', room: this.token!.room, streams: [{ feed }], private_id: this.privateId, token: this.token!.token });
      await pc.setRemoteDescription(attached.jsep!);
      const answer = await pc.createAnswer();
      await pc.setLocalDescription(answer);
      await handle.message({ request: 'start' }, answer);
      this.set({ speakers: [...new Set([...this.state.speakers, remote.userId])] });
    } catch {
      this.unsubscribe(feed);
    }
  }

  private play(remote: Remote, stream: MediaStream) {
    if (!this.ctx || remote.nodes) return;
    // Chrome only feeds a remote WebRTC stream into Web Audio while a media element holds it.
    const element = new Audio();
    element.srcObject = stream;
    element.muted = true;
    void element.play().catch(() => {});
    const source = this.ctx.createMediaStreamSource(stream);
    const analyser = new AnalyserNode(this.ctx, { fftSize: 512 });
    const panner = new PannerNode(this.ctx, SPATIAL);
    const gain = new GainNode(this.ctx);
    source.connect(analyser);
    source.connect(panner).connect(gain).connect(this.ctx.destination);
    remote.nodes = { source, panner, gain, analyser, element };
  }

  private unsubscribe(feed: string) {
    const r = this.remotes.get(feed);
    if (!r) return;
    this.remotes.delete(feed);
    r.nodes?.source.disconnect();
    r.nodes?.gain.disconnect();
    if (r.nodes) r.nodes.element.srcObject = null;
    r.pc.close();
    r.handle.detach();
    this.detector.forget(r.userId);
    const still = new Set([...this.remotes.values()].map((x) => x.userId));
    this.set({ speakers: this.state.speakers.filter((u) => still.has(u)) });
  }

  /** Moves the listener and every speaker to where their avatars are; updates levels and talking. */
  private update() {
    const ctx = this.ctx;
    if (!ctx) return;
    placeListener(ctx, this.o.listener());
    const t = ctx.currentTime;
    const positions = this.o.positions();
    const hidden = new Set(this.o.hidden());
    const now = performance.now();
    const talking: string[] = [];
    for (const r of this.remotes.values()) {
      if (!r.nodes) continue;
      const p = positions.get(r.userId);
      if (p) placeSpeaker(r.nodes.panner, p, t);
      r.nodes.gain.gain.setTargetAtTime(hidden.has(r.userId) ? 0 : 1, t, 0.05);
      if (this.detector.update(r.userId, hidden.has(r.userId) ? 0 : levelOf(r.nodes.analyser, this.buffer), now)) talking.push(r.userId);
    }
    // What others hear: nothing while muted or, in push-to-talk, while the key is up.
    const level = this.localAnalyser && micOpen(this.state) ? levelOf(this.localAnalyser, this.buffer) : 0;
    if (this.detector.update(this.o.userId, level, now)) talking.push(this.o.userId);
    const rounded = Math.round(Math.min(1, level * 4) * 20) / 20;
    if (rounded !== this.state.level || talking.join() !== this.state.talking.join()) this.set({ level: rounded, talking });
  }

  /** The token is needed on every Janus request: renewed (and re-authorised) at half its life. */
  private scheduleRefresh() {
    if (!this.token) return;
    const wait = Math.max(5000, (new Date(this.token.expiresAt).getTime() - Date.now()) / 2);
    this.later(async () => {
      try {
        this.token = await this.fetchToken();
        if (this.socket) this.socket.token = this.token.token;
        this.scheduleRefresh();
      } catch (e) {
        const status = statusOf(e);
        this.teardown();
        this.set({ status, talking: [], speakers: [] });
        if (status === 'reconnecting') this.later(() => void this.start(), RETRY_MS);
      }
    }, wait);
  }

  private later(fn: () => unknown, ms: number) {
    if (this.disposed) return;
    this.timers.push(setTimeout(fn, ms));
  }

  setMicMuted(muted: boolean) {
    this.setMic({ micMuted: muted });
  }

  setPushToTalk(on: boolean) {
    this.setMic({ pushToTalk: on, talkKeyHeld: false });
  }

  /** The talk key (or the toolbar's hold-to-talk button) went down or up. */
  setTalkKey(held: boolean) {
    if (this.state.pushToTalk && held !== this.state.talkKeyHeld) this.setMic({ talkKeyHeld: held });
  }

  private setMic(patch: Partial<Pick<VoiceSnapshot, 'micMuted' | 'pushToTalk' | 'talkKeyHeld'>>) {
    const next = { ...this.state, ...patch };
    const open = micOpen(next);
    for (const t of this.mic?.getAudioTracks() ?? []) t.enabled = open;
    this.set({ ...patch, ...(open ? {} : { level: 0 }) });
  }

  /** Switches microphone without leaving the room (the sender's track is replaced in place). */
  async setDevice(deviceId: string) {
    this.set({ deviceId });
    if (!this.mic) return;
    const next = await navigator.mediaDevices
      .getUserMedia({ audio: { deviceId: { exact: deviceId }, echoCancellation: true, noiseSuppression: true, autoGainControl: true } })
      .catch(() => null);
    if (!next || this.disposed) return next?.getTracks().forEach((t) => t.stop());
    const track = next.getAudioTracks()[0]!;
    track.enabled = micOpen(this.state);
    const sender = this.pubPc?.getSenders().find((s) => s.track?.kind === 'audio');
    await sender?.replaceTrack(track);
    this.mic.getTracks().forEach((t) => t.stop());
    this.mic = next;
    if (this.ctx) {
      this.localAnalyser = new AnalyserNode(this.ctx, { fftSize: 512 });
      this.ctx.createMediaStreamSource(next).connect(this.localAnalyser);
    }
  }

  resumeAudio() {
    if (this.ctx?.state === 'suspended') void this.ctx.resume().catch(() => {});
  }

  /** After the browser allowed the microphone (Settings → Allow), join again with it. */
  retry() {
    this.teardown();
    this.set({ status: 'connecting' });
    void this.start();
  }

  private teardown() {
    if (this.tick) clearInterval(this.tick);
    this.tick = null;
    for (const feed of [...this.remotes.keys()]) this.unsubscribe(feed);
    this.pubPc?.close();
    this.pubPc = null;
    this.publisher = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close();
    this.mic?.getTracks().forEach((t) => t.stop());
    this.mic = null;
    this.localAnalyser = null;
    for (const t of this.timers.splice(0)) clearTimeout(t);
  }

  dispose() {
    this.disposed = true;
    this.teardown();
    void this.ctx?.close().catch(() => {});
    this.ctx = null;
    this.set({ status: 'ended', talking: [], speakers: [] });
  }
}
