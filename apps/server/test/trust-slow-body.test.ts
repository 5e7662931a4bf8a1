import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { databases, type TestDb } from './support/db.ts';
import { makeTestApp } from './support/app.ts';
import { signUpUser, type TestUser } from './support/users.ts';

/**
 * Opens a raw connection, sends `head` and then drips one byte of body at a time (at most `maxBytes`)
 * until the server closes the connection; resolves with everything the server answered.
 */
function dripFeed(port: number, head: string, maxBytes = 400): Promise<{ answer: string; sent: number }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    let drip: NodeJS.Timeout | undefined;
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      socket.write(head);
      drip = setInterval(() => {
        if (socket.destroyed || answer) return clearInterval(drip);
        // Bounded: a server that is still reading after maxBytes has failed the test.
        if (sent >= maxBytes) return socket.destroy();
        socket.write('x');
        sent++;
      }, 50);
    });
    socket.on('data', (d: string) => (answer += d));
    // A write racing the close may be reset; what matters is what was answered before.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(drip);
      if (sent >= maxBytes && !answer) reject(new Error('the server held a drip-fed body to the end'));
      else resolve({ answer, sent });
    });
  });
}

const status = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
const jsonOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

describe.each(databases)('slow request bodies are cut off on %s', (_name, open) => {
  let db: TestDb;
  let app: FastifyInstance;
  let port: number;
  let ada: TestUser;
  beforeAll(async () => {
    db = await open();
    ({ app } = await makeTestApp(db, {}, { REQUEST_TIMEOUT_MS: '1000', REALTIME: 'false' }));
    ada = await signUpUser(app, db, 'ada@example.com', 'Ada Lovelace');
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('answers a drip-fed JSON body with 408 in the API error shape and closes the connection', async () => {
    const { answer, sent } = await dripFeed(
      port,
      'POST /api/contactus/send HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n',
    );
    expect(status(answer), answer).toBe(408);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(jsonOf(answer)).toEqual({ error: { code: 'REQUEST_TIMEOUT', message: expect.any(String) } });
    expect(sent).toBeLessThan(400);
  });

  it('cuts off a drip-fed multipart upload the same way', async () => {
    const boundary = 'drip';
    const { answer, sent } = await dripFeed(
      port,
      `POST /api/picture HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${ada.token}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 5000000\r\n\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    expect(status(answer), answer).toBe(408);
    expect(jsonOf(answer).error.code).toBe('REQUEST_TIMEOUT');
    expect(sent).toBeLessThan(400);
  });

  it('leaves a body that arrives in time alone', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/comingsoon/subscribe', payload: { email: 'quick@example.org' } });
    expect(res.statusCode).toBe(200);
  });
});
