import { JANUS_WS_PROTOCOL } from '@atrium/shared/voice/index';

/** A Janus API message (only the fields this client reads). */
export interface JanusMessage {
  janus: string;
  transaction?: string;
  session_id?: number;
  sender?: number;
  data?: { id: number };
  error?: { code: number; reason: string };
  plugindata?: { plugin: string; data: Record<string, unknown> & { videoroom?: string; error?: string; error_code?: number } };
  jsep?: RTCSessionDescriptionInit;
}

export class JanusRequestError extends Error {
  readonly code: number | undefined;
  constructor(message: string, code?: number) {
    super(message);
    this.code = code;
  }
}

type Pending = { resolve: (m: JanusMessage) => void; reject: (e: Error) => void; ackIsEnough: boolean };

const KEEPALIVE_MS = 25_000;

/**
 * Janus's WebSocket API: one session, handles on it, requests matched to answers by transaction.
 * Every request carries the current token (Janus checks it on each one), so a refreshed token is
 * simply used from then on.
 */
export class JanusSocket {
  private readonly ws: WebSocket;
  private readonly pending = new Map<string, Pending>();
  private readonly handles = new Map<number, (m: JanusMessage) => void>();
  private session = 0;
  private keepalive: ReturnType<typeof setInterval> | null = null;
  token: string;
  onClose: (() => void) | null = null;

  private constructor(ws: WebSocket, token: string) {
    this.ws = ws;
    this.token = token;
    ws.onmessage = (e) => this.receive(JSON.parse(String(e.data)) as JanusMessage);
    ws.onclose = () => {
      for (const p of this.pending.values()) p.reject(new JanusRequestError('Voice connection closed'));
      this.pending.clear();
      if (this.keepalive) clearInterval(this.keepalive);
      this.onClose?.();
    };
  }

  static async open(url: string, token: string): Promise<JanusSocket> {
    const ws = new WebSocket(url, JANUS_WS_PROTOCOL);
    await new Promise<void>((resolve, reject) => {
      ws.onopen = () => resolve();
      ws.onerror = () => reject(new JanusRequestError('Voice server unreachable'));
    });
    const socket = new JanusSocket(ws, token);
    const created = await socket.send({ janus: 'create' });
    socket.session = created.data!.id;
    socket.keepalive = setInterval(() => void socket.send({ janus: 'keepalive' }, true).catch(() => {}), KEEPALIVE_MS);
    return socket;
  }

  private receive(m: JanusMessage) {
    const p = m.transaction ? this.pending.get(m.transaction) : undefined;
    if (p && (m.janus !== 'ack' || p.ackIsEnough)) {
      this.pending.delete(m.transaction!);
      const pluginError = m.plugindata?.data.error_code;
      if (m.janus === 'error') p.reject(new JanusRequestError(m.error?.reason ?? 'Voice request refused', m.error?.code));
      else if (pluginError) p.reject(new JanusRequestError(String(m.plugindata?.data.error ?? 'Voice request refused'), pluginError));
      else p.resolve(m);
      return;
    }
    if (p) return; // an ack before the plugin's answer
    if (m.sender !== undefined) this.handles.get(m.sender)?.(m);
  }

  send(body: Record<string, unknown>, ackIsEnough = false): Promise<JanusMessage> {
    const transaction = crypto.randomUUID();
    const msg = { ...body, transaction, token: this.token, ...(this.session ? { session_id: this.session } : {}) };
    return new Promise((resolve, reject) => {
      this.pending.set(transaction, { resolve, reject, ackIsEnough });
      this.ws.send(JSON.stringify(msg));
    });
  }

  /** Attaches a VideoRoom handle; `onEvent` receives what Janus pushes to it unasked. */
  async attach(onEvent: (m: JanusMessage) => void): Promise<JanusHandle> {
    const out = await this.send({ janus: 'attach', plugin: 'janus.plugin.videoroom' });
    const id = out.data!.id;
    this.handles.set(id, onEvent);
    return new JanusHandle(this, id, () => this.handles.delete(id));
  }

  close() {
    if (this.keepalive) clearInterval(this.keepalive);
    if (this.ws.readyState === WebSocket.OPEN) void this.send({ janus: 'destroy' }, true).catch(() => {});
    this.ws.close();
  }
}

export class JanusHandle {
  private readonly socket: JanusSocket;
  readonly id: number;
  private readonly forget: () => void;
  constructor(socket: JanusSocket, id: number, forget: () => void) {
    this.socket = socket;
    this.id = id;
    this.forget = forget;
  }

  /** A plugin request; resolves with the plugin's answer (synchronous or the event that follows). */
  message(body: Record<string, unknown>, jsep?: RTCSessionDescriptionInit): Promise<JanusMessage> {
    return this.socket.send({ janus: 'message', handle_id: this.id, body, ...(jsep ? { jsep } : {}) });
  }

  trickle(candidate: RTCIceCandidate | null) {
    const c = candidate ? { candidate: candidate.candidate, sdpMid: candidate.sdpMid, sdpMLineIndex: candidate.sdpMLineIndex } : { completed: true };
    void this.socket.send({ janus: 'trickle', handle_id: this.id, candidate: c }, true).catch(() => {});
  }

  detach() {
    this.forget();
    void this.socket.send({ janus: 'detach', handle_id: this.id }, true).catch(() => {});
  }
}
