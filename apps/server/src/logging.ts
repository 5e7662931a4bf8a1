import type { FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import type { Config } from './config.ts';

/**
 * Query parameters whose values are credentials: the spec's hub check sends `access_token`, password
 * reset links carry `token`, and OpenID Connect puts codes and ID tokens in URLs. Logs keep the name.
 */
const SECRET_QUERY_PARAMS = new Set(['access_token', 'token', 'id_token', 'id_token_hint', 'refresh_token', 'code', 'api_key']);

const decodeName = (raw: string) => {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
};

/** The request URL as logged: every secret query parameter's value replaced, the rest untouched. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const pairs = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0 || !SECRET_QUERY_PARAMS.has(decodeName(pair.slice(0, eq)))) return pair;
      return `${pair.slice(0, eq)}=[REDACTED]`;
    });
  return `${url.slice(0, q)}?${pairs.join('&')}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * Lines for a person at a terminal: pino-pretty's one line per entry (time, level, message, then the
 * fields). Written synchronously in-process, so nothing is lost when the process exits.
 */
export const prettyStream = (colorize: boolean, destination?: NodeJS.WritableStream) =>
  pretty({
    colorize,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    singleLine: true,
    sync: true,
    ...(destination ? { destination } : {}),
  });

/**
 * Fastify's logger settings: its own request fields, with the URL redacted, and credential headers
 * hidden. Without an explicit `stream`, output is human-readable when stdout is a terminal and JSON
 * (one object per line, for log collectors) otherwise.
 */
export function loggerOptions(
  config: Config,
  stream?: { write(line: string): void },
  terminal = Boolean(process.stdout.isTTY),
): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  const out = stream ?? (terminal ? prettyStream(true) : undefined);
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    ...(out ? { stream: out } : {}),
  };
}
