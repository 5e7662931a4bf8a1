import { api, call } from '../../api/client.ts';
import { ApiError } from '../../api/ApiError.ts';
import { userIdOfParticipant, VOICE_LIMITS, type VoiceBroadcastToken } from '@atrium/shared/voice/index';
import { JanusSocket, type JanusHandle } from './janusSocket.ts';
import { SnapshotStore } from '../../components/snapshotStore.ts';

export interface BroadcastSnapshot {
  /** 'none': no event on, or this visitor may not hear it; otherwise their part in the event's voice. */
  role: 'none' | 'host' | 'listener';
  hostId: string | null;
  /** The host is sending to every instance (for the host: their microphone is on air). */
  onAir: boolean;
  /** A listener is receiving the host's broadcast right now. */
  hearing: boolean;
}

const POLL_MS = 15_000;
const FEED_POLL_MS = 2_000;

/**
 * Broadcast voice (issue 20): during an event the host speaks to every instance of the space through
 * one more Janus room, the event's. Everyone else subscribes to the host's feed there with a
 * listen-only token and hears it without a panner (the same wherever they stand). The instance's
 * own voice room goes on beside it; while the broadcast plays, `VoiceBridge` silences the host's
 * feed in the instance room, so the host's neighbours hear them once (see CONTEXT.md).
 */
export class BroadcastSession extends SnapshotStore<BroadcastSnapshot> {
  private readonly o: { sceneId: string; instanceId: string };
  private token: VoiceBroadcastToken | null = null;
  private socket: JanusSocket | null = null;
  /** Watches the room (listener) — requests only, never media. */
  private control: JanusHandle | null = null;
  /** The subscription (listener) or the publisher (host while on air). */
  private media: JanusHandle | null = null;
  private pc: RTCPeerConnection | null = null;
  private mic: MediaStream | null = null;
  private element: HTMLAudioElement | null = null;
  private feed: string | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private feedTimer: ReturnType<typeof setInterval> | null = null;
  private disposed = false;

  constructor(o: { sceneId: string; instanceId: string }) {
    super({ role: 'none', hostId: null, onAir: false, hearing: false });
    this.o = o;
  }


  start() {
    void this.poll();
  }

  /** Asks for a token now and again: events start and end while visitors stay. */
  private async poll() {
    if (this.disposed) return;
    let wait = POLL_MS;
    try {
      const next = await call(
        api.POST('/api/voice/broadcast', {
          body: { sceneId: this.o.sceneId, instanceId: this.o.instanceId, ...(this.token ? { participantId: this.token.participantId } : {}) },
        }),
        { quietForbidden: true },
      );
      if (this.disposed) return;
      if (this.token && (next.eventId !== this.token.eventId || next.role !== this.token.role)) this.teardown();
      this.token = next;
      if (this.socket) this.socket.token = next.token;
      else await this.connect();
      this.set({ role: next.role, hostId: next.hostId });
      // Renewed at half its one-minute life, like the instance room's.
      wait = Math.max(5000, (new Date(next.expiresAt).getTime() - Date.now()) / 2);
    } catch (e) {
      // No event (404), not allowed to hear (403), no voice (503): nothing on air for this visitor.
      if (!(e instanceof ApiError)) wait = 5000;
      this.teardown();
      this.token = null;
      this.set({ role: 'none', hostId: null, onAir: false, hearing: false });
    }
    if (!this.disposed) this.timer = setTimeout(() => void this.poll(), wait);
  }

  private async connect() {
    const t = this.token!;
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = await JanusSocket.open(`${scheme}//${location.host}${t.wsPath}`, t.token);
    if (this.disposed) return socket.close();
    this.socket = socket;
    socket.onClose = () => {
      if (this.socket === socket) this.teardown();
    };
    this.control = await socket.attach(() => {});
    // A listener watches the room for the host's feed; the host waits for their own button.
    if (t.role === 'listener') this.feedTimer = setInterval(() => void this.watchFeed(), FEED_POLL_MS);
  }

  /** Listener: subscribes once the host publishes, lets go when they stop. */
  private async watchFeed() {
    const t = this.token;
    if (!t || !this.control) return;
    const listed = await this.control.message({ request: 'listparticipants', room: t.room }).catch(() => null);
    const people = (listed?.plugindata?.data.participants ?? []) as { id: string; publisher?: boolean }[];
    const host = people.find((p) => p.publisher && userIdOfParticipant(String(p.id)) === t.hostId);
    const feed = host ? String(host.id) : null;
    if (feed === this.feed) return;
    this.stopHearing();
    if (feed) await this.hear(feed);
  }

  private async hear(feed: string) {
    const t = this.token!;
    this.feed = feed;
    const handle = (this.media = await this.socket!.attach((m) => {
      if (m.janus === 'hangup') this.stopHearing();
    }));
    const pc = (this.pc = new RTCPeerConnection({ iceServers: t.iceServers }));
    pc.onicecandidate = (e) => handle.trickle(e.candidate);
    pc.ontrack = (e) => this.play(e.streams[0] ?? new MediaStream([e.track]));
    try {
      const joined = await handle.message({ request: 'join', ptype: 'subscriber', room: t.room, streams: [{ feed }], token: t.token });
      await pc.setRemoteDescription(joined.jsep!);
      const answer = await pc.createAnswer();
      await pc.setLocalDescription(answer);
      await handle.message({ request: 'start' }, answer);
      this.set({ onAir: true, hearing: true });
    } catch {
      this.stopHearing();
    }
  }

  /** Not spatial: straight to the speakers, the same loudness wherever the listener stands. */
  private play(stream: MediaStream) {
    this.element?.remove();
    const element = new Audio();
    element.srcObject = stream;
    element.autoplay = true;
    this.element = element;
    // Browsers start sound only after a gesture: the first click or key in the space starts it.
    void element.play().catch(() => {
      const wake = () => void (this.element === element && element.play().catch(() => {}));
      window.addEventListener('pointerdown', wake, { once: true });
      window.addEventListener('keydown', wake, { once: true });
    });
  }

  private stopHearing() {
    this.feed = null;
    this.media?.detach();
    this.media = null;
    this.pc?.close();
    this.pc = null;
    if (this.element) this.element.srcObject = null;
    this.element = null;
    this.set({ onAir: false, hearing: false });
  }

  /** Host: starts or stops speaking to every instance. */
  async setOnAir(on: boolean) {
    const t = this.token;
    if (!t || t.role !== 'host' || !this.socket || on === this.state.onAir) return;
    if (!on) return this.offAir();
    this.mic = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true }, video: false });
    const handle = (this.media = await this.socket.attach(() => {}));
    await handle.message({ request: 'join', ptype: 'publisher', room: t.room, id: t.participantId, display: t.hostId, token: t.token });
    const pc = (this.pc = new RTCPeerConnection({ iceServers: t.iceServers }));
    for (const track of this.mic.getAudioTracks()) pc.addTransceiver(track, { direction: 'sendonly', streams: [this.mic] });
    pc.onicecandidate = (e) => handle.trickle(e.candidate);
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    const answer = await handle.message({ request: 'configure', audio: true, video: false, bitrate: VOICE_LIMITS.bitrate }, offer);
    if (answer.jsep) await pc.setRemoteDescription(answer.jsep);
    this.set({ onAir: true });
  }

  private offAir() {
    void this.media?.message({ request: 'leave' }).catch(() => {});
    this.media?.detach();
    this.media = null;
    this.pc?.close();
    this.pc = null;
    this.mic?.getTracks().forEach((tr) => tr.stop());
    this.mic = null;
    this.set({ onAir: false });
  }

  private teardown() {
    if (this.feedTimer) clearInterval(this.feedTimer);
    this.feedTimer = null;
    if (this.state.role === 'host') this.offAir();
    this.stopHearing();
    this.control = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }

  dispose() {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    this.teardown();
    this.set({ role: 'none', onAir: false, hearing: false });
  }
}
