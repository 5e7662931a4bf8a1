import { CloseCode } from '@colyseus/sdk';
import { REALTIME_LIMITS } from '@atrium/shared/realtime/limits';

// Spec §4 Hub connection states and §8 hub connect failure: 401 is ignored (signed out, nothing to
// retry); otherwise a HEAD check of the communication key, then up to 3 retries, else logged.

export type HubState = 'Connected' | 'Connecting' | 'Disconnected' | 'Reconnecting';

export interface ConnectFailure {
  status?: number;
}

export interface ConnectOptions<T> {
  connect: () => Promise<T>;
  /** HEAD /api/communication/key with the token: true when it is still good. */
  headCheck: () => Promise<boolean>;
  onState: (s: HubState) => void;
  log?: (message: string, err: unknown) => void;
  /**
   * Connecting again after a connection was lost rather than refused: retries for longer
   * (`rejoinTries`, a restarting process) than a first connection (`hubReconnectTries`).
   */
  rejoin?: boolean;
  tries?: number;
  delayMs?: (attempt: number) => number;
  sleep?: (ms: number) => Promise<void>;
  aborted?: () => boolean;
}

const statusOf = (err: unknown): number | undefined => {
  const e = err as { status?: unknown; code?: unknown; data?: { status?: unknown } } | null;
  const s = e?.data?.status ?? e?.status ?? e?.code;
  return typeof s === 'number' ? s : undefined;
};

/** Connects once, retrying per spec §8; resolves with the connection or null when giving up. */
export async function connectWithRetry<T>(o: ConnectOptions<T>): Promise<T | null> {
  const tries = o.tries ?? (o.rejoin ? REALTIME_LIMITS.rejoinTries : REALTIME_LIMITS.hubReconnectTries);
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const delay = o.delayMs ?? ((n: number) => 500 * 2 ** n);
  for (let attempt = 0; ; attempt++) {
    if (o.aborted?.()) return null;
    o.onState(attempt === 0 ? 'Connecting' : 'Reconnecting');
    try {
      const conn = await o.connect();
      o.onState('Connected');
      return conn;
    } catch (err) {
      if (statusOf(err) === 401 || (err instanceof Error && err.message === 'UNAUTHENTICATED')) {
        o.onState('Disconnected');
        return null;
      }
      const tokenGood = await o.headCheck().catch(() => true);
      if (!tokenGood || attempt >= tries) {
        o.log?.('realtime: giving up connecting', err);
        o.onState('Disconnected');
        return null;
      }
      await sleep(delay(attempt));
    }
  }
}

/**
 * Whether a room's end means the instance was lost rather than left or refused: not this visitor
 * leaving (consented, normal closure) and not the server ending it over an error (a flood, a
 * refusal), where joining again would only repeat it.
 */
export function instanceLost(code: number): boolean {
  return code !== CloseCode.CONSENTED && code !== CloseCode.NORMAL_CLOSURE && code !== CloseCode.WITH_ERROR;
}
