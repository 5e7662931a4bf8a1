import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import { isEmbedViewerPath } from '@atrium/shared';
import type { Config } from '../config.ts';

const STRIPE_JS = 'https://js.stripe.com';
const STRIPE_API = 'https://api.stripe.com';

/**
 * Security headers and request throttling.
 * The CSP allows what the web app needs and nothing more: WebGL textures from blob:/data:, engine
 * decoders as blob: workers and WebAssembly, Mantine's runtime styles, YouTube and sandboxed https
 * web views in frames. Only the embed viewer may be framed by other sites; every other page (sign-in,
 * the editor) only by Atrium itself, whose silent token renew frames its own callback page.
 * With the Stripe payment provider, Stripe.js and its embedded Checkout need their own hosts (script and
 * frame from js.stripe.com, calls to api.stripe.com); without it those hosts stay out.
 * The headers are built once, here: @fastify/helmet built helmet's middleware (and re-serialised the
 * CSP) on every request, a tenth of a credit purchase's CPU in bench/marketplace. Nothing in them
 * depends on the request, so helmet runs once against a recorder and each request copies the result.
 */
async function securityPlugin(app: FastifyInstance, opts: { config: Config }) {
  const stripe = opts.config.payments.provider === 'stripe';
  // District pages ({subdomain}.{public host}) sign in against the issuer on the public host: its token
  // endpoint (connect) and silent-renew callback (frame) are another origin for them.
  const publicUrl = new URL(opts.config.publicUrl);
  const publicOrigin = publicUrl.origin;
  // The sign-in form's redirect goes back to the district's own callback, and form-action covers
  // redirects after a form post.
  const districtOrigins = `${publicUrl.protocol}//*.${publicUrl.host}`;
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...(stripe ? [STRIPE_JS] : [])],
        workerSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", publicOrigin, 'blob:', 'data:', 'ws:', 'wss:', ...(stripe ? [STRIPE_API] : [])],
        frameSrc: ["'self'", publicOrigin, 'https:', ...(stripe ? [STRIPE_JS] : [])],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        formAction: ["'self'", districtOrigins],
      },
    },
    // frame-ancestors governs framing (X-Frame-Options cannot name "anyone" for the embed viewer).
    frameguard: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    hsts: opts.config.publicUrl.startsWith('https:') ? { maxAge: 15552000 } : false,
  });
  const securityHeaders = headersOf(middleware);
  const csp = securityHeaders['content-security-policy'] ?? '';
  const embedCsp = csp.replace(/frame-ancestors [^;]*/, 'frame-ancestors *');
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(securityHeaders);
    if (isEmbedViewerPath(req.url.split('?')[0] ?? '')) reply.header('content-security-policy', embedCsp);
    done();
  });
  await app.register(rateLimit, {
    global: true,
    max: opts.config.rateLimit.max,
    timeWindow: '1 minute',
    allowList: (req) => req.url === '/healthz' || req.url === '/readyz',
  });
}

/** The headers a Connect-style middleware sets when it only sets headers (helmet's do nothing else). */
function headersOf(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (err) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
  });
  return headers;
}

export default fp(securityPlugin, { name: 'atrium-security' });
