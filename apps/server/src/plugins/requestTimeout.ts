import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '@atrium/shared';
import { errorBody } from './errors.ts';

const hasBody = (raw: IncomingMessage) =>
  raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length'] ?? 0) > 0;

/**
 * A request body that has not fully arrived within `timeoutMs` is answered 408 and its connection
 * closed, so clients dripping bytes cannot hold sockets and file handles open forever. Fastify's own
 * requestTimeout would answer from Node's HTTP layer with a bare 408 on a 30-second check; this
 * answers in the API's error shape, through whoever is reading the body (JSON parser or multipart).
 */
async function requestTimeoutPlugin(app: FastifyInstance, opts: { timeoutMs: number }) {
  app.addHook('onRequest', (req, reply, done) => {
    const raw = req.raw;
    if (raw.complete || !hasBody(raw)) return done();
    const timer = setTimeout(() => {
      if (raw.complete) return;
      req.log.info({ timeoutMs: opts.timeoutMs }, 'request body too slow: 408');
      const socket = raw.socket;
      if (reply.sent) return void socket.destroy();
      reply.header('connection', 'close');
      reply.raw.once('finish', () => socket.destroySoon());
      // Whoever reads the body ends the request with this error; nobody reading means we answer here.
      const err = Object.assign(new AppError('REQUEST_TIMEOUT'), { statusCode: 408 });
      if (raw.listenerCount('error') > 0) raw.emit('error', err);
      else void reply.code(408).send(errorBody('REQUEST_TIMEOUT'));
      // Should a reader swallow the error, the connection still goes.
      setTimeout(() => {
        if (!reply.sent) socket.destroy();
      }, 1000).unref();
    }, opts.timeoutMs);
    timer.unref();
    const clear = () => clearTimeout(timer);
    raw.once('end', clear);
    raw.once('close', clear);
    done();
  });
}

export default fp(requestTimeoutPlugin, { name: 'atrium-request-timeout' });
