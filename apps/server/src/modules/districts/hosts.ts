import type { FastifyInstance, FastifyRequest } from 'fastify';
import path from 'node:path';
import { checkSubdomain, districtSubdomainOf, districtUrl, msg, msgFr } from '@atrium/shared';
import { fillTemplate, requestLanguage } from '@atrium/shared/i18n/languages';

/** The meta tag through which the web app learns that its page is a district's home (apps/web/src/features/districts). */
export const DISTRICT_META = 'atrium-district';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on page requests to `{subdomain}.{public host}` whose district exists. */
    districtSubdomain?: string;
  }
}

/** Only pages: the API, sign-in, files and sockets answer the same on every host. */
const isPage = (req: FastifyRequest, pathname: string) =>
  (req.method === 'GET' || req.method === 'HEAD') &&
  !/^\/(api|auth|auth-ui|assets|files|realtime|socket\.io|metrics|healthz|readyz)(\/|$)/.test(pathname) &&
  !path.extname(pathname);

/**
 * Subdomain routing (spec §2): a page request to `{subdomain}.{public host}` (locally
 * `{subdomain}.localhost:3000`, which browsers resolve to loopback with no set-up) is the district's:
 * the web app is served as on the public host, with the district's subdomain in a meta tag, and shows
 * the district page at its home. `www.` goes to the public host; a name no district holds (reserved
 * ones included) gets a plain "no such district" page with status 404 — except a mailed invitation
 * link whose district has moved to another subdomain since (Settings → General), which is sent on
 * (302) to the same link on the district's current host.
 */
export function registerDistrictHosts(
  app: FastifyInstance,
  deps: { publicUrl: string; exists: (subdomain: string) => Promise<unknown>; invitationSubdomain?: (invitationId: string) => Promise<string | null> },
) {
  app.addHook('onRequest', async (req, reply) => {
    // Only GET and HEAD can be pages: writes (a credit purchase) skip parsing the host.
    if (req.method !== 'GET' && req.method !== 'HEAD') return;
    const sub = districtSubdomainOf(req.headers.host, deps.publicUrl);
    if (!sub) return;
    const pathname = req.url.split('?')[0] ?? '/';
    if (!isPage(req, pathname)) return;
    if (sub === 'www') return reply.redirect(new URL(req.url, deps.publicUrl).toString(), 301);
    if (checkSubdomain(sub).ok && (await deps.exists(sub))) {
      req.districtSubdomain = sub;
      // plugins/web.ts puts it into the page's head (before compressing it), so the app knows without a request.
      req.headTags = `<meta name="${DISTRICT_META}" content="${escapeHtml(sub)}" />`;
      return;
    }
    const invitation = /^\/invitation\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(pathname)?.[1];
    const movedTo = invitation && deps.invitationSubdomain ? await deps.invitationSubdomain(invitation) : null;
    if (movedTo && movedTo !== sub) return reply.redirect(new URL(req.url, districtUrl(deps.publicUrl, movedTo)).toString(), 302);
    const lng = requestLanguage({ cookie: req.headers.cookie, acceptLanguage: req.headers['accept-language'] });
    const title = lng === 'fr' ? fillTemplate(lng, msgFr.districts.noSuchDistrict, sub) : msg.districts.noSuchDistrict(sub);
    const back = lng === 'fr' ? msgFr.returnToHomepage : msg.returnToHomepage;
    return reply
      .code(404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="${lng}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head>` +
          `<body style="font-family:system-ui,sans-serif;text-align:center;padding:4rem 1rem"><h1>${escapeHtml(title)}</h1>` +
          `<p><a href="${escapeHtml(deps.publicUrl)}">${escapeHtml(back)}</a></p></body></html>`,
      );
  });
}
