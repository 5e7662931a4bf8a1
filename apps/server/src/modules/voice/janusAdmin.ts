import { randomUUID } from 'node:crypto';
import type { JanusEndpoint } from '../../voice/janusProcess.ts';

const PLUGIN = 'janus.plugin.videoroom';

export class JanusError extends Error {
  readonly code: number | undefined;
  constructor(message: string, code?: number) {
    super(message);
    this.code = code;
  }
}

export interface RoomParticipant {
  id: string;
  display?: string;
  publisher: boolean;
}

/**
 * The server's side of Janus: the admin API only (its secret and the VideoRoom admin key never leave
 * the server). Stored tokens decide who may open Janus sessions at all; each room's `allowed` list
 * decides who may join that room.
 */
export class JanusAdmin {
  private readonly endpoint: Pick<JanusEndpoint, 'adminUrl' | 'adminSecret' | 'roomAdminKey'>;
  constructor(endpoint: Pick<JanusEndpoint, 'adminUrl' | 'adminSecret' | 'roomAdminKey'>) {
    this.endpoint = endpoint;
  }

  private async call(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const res = await fetch(this.endpoint.adminUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, transaction: randomUUID(), admin_secret: this.endpoint.adminSecret }),
      signal: AbortSignal.timeout(5000),
    });
    const json = (await res.json()) as { janus?: string; error?: { code: number; reason: string } } & Record<string, unknown>;
    if (json.janus !== 'success') throw new JanusError(json.error?.reason ?? 'Janus refused the request', json.error?.code);
    return json;
  }

  /** A VideoRoom request through the admin API; the plugin's own errors become JanusError. */
  private async room(request: Record<string, unknown>): Promise<Record<string, unknown>> {
    const out = await this.call({ janus: 'message_plugin', plugin: PLUGIN, request });
    const data = (out.response ?? {}) as Record<string, unknown> & { error?: string; error_code?: number };
    if (data.error_code) throw new JanusError(data.error ?? 'VideoRoom refused the request', data.error_code);
    return data;
  }

  async ping(): Promise<boolean> {
    return this.call({ janus: 'ping' }).then(
      () => true,
      () => false,
    );
  }

  addToken(token: string) {
    return this.call({ janus: 'add_token', token, plugins: [PLUGIN] });
  }

  async removeToken(token: string) {
    // Already gone (Janus restarted, or removed by an earlier expiry) is what was wanted.
    await this.call({ janus: 'remove_token', token }).catch((e: unknown) => {
      if (!(e instanceof JanusError)) throw e;
    });
  }

  async roomExists(room: string): Promise<boolean> {
    const out = await this.room({ request: 'exists', room });
    return out.exists === true;
  }

  /**
   * An audio-only room: Opus, private (not listed to clients), subscribers must be publishers of the
   * room first (require_pvtid; an event's broadcast room lets listeners subscribe without publishing,
   * the proxy keeping them from publishing), joins need a token from the `allowed` list, and audio levels are
   * reported so clients can show who is talking.
   */
  async createRoom(room: string, secret: string, allowed: string[], publishers: number, bitrate: number, requirePvtid = true) {
    await this.room({
      request: 'create',
      room,
      admin_key: this.endpoint.roomAdminKey,
      secret,
      description: room,
      is_private: true,
      permanent: false,
      publishers,
      bitrate,
      audiocodec: 'opus',
      videocodec: 'vp8',
      require_pvtid: requirePvtid,
      audiolevel_event: true,
      audio_active_packets: 50,
      audio_level_average: 40,
      notify_joining: true,
      allowed,
    });
  }

  async destroyRoom(room: string, secret: string) {
    await this.room({ request: 'destroy', room, secret }).catch(() => {});
  }

  allow(room: string, secret: string, action: 'add' | 'remove', tokens: string[]) {
    return this.room({ request: 'allowed', room, secret, action, allowed: tokens });
  }

  async participants(room: string): Promise<RoomParticipant[]> {
    const out = await this.room({ request: 'listparticipants', room });
    return ((out.participants ?? []) as { id: string; display?: string; publisher?: boolean }[]).map((p) => ({
      id: String(p.id),
      ...(p.display ? { display: p.display } : {}),
      publisher: p.publisher === true,
    }));
  }

  async kick(room: string, secret: string, id: string) {
    await this.room({ request: 'kick', room, secret, id }).catch((e: unknown) => {
      // Left on their own meanwhile.
      if (!(e instanceof JanusError)) throw e;
    });
  }
}
