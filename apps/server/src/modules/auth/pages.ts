import { THEME, PRODUCT_NAME } from '@atrium/shared';
import type { authPageTexts } from './pageTexts.ts';

// Server-rendered pages of the built-in provider (sign-in, sign-up, reset). Plain HTML and CSS in the
// Atrium look; every interpolated value goes through `esc`. Every word comes from `t`, the page texts of the
// request's language (pageTexts.ts; routes.ts picks the language). The one script is /auth-ui/logout.js, which
// submits the log-out form the app already asked about (see logoutPage).

export const esc = (s: unknown) =>
  String(s ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export const PAGE_CSS = `
@font-face{font-family:Urbanist;font-weight:400;font-display:swap;src:url(/auth-ui/fonts/400.woff2) format('woff2')}
@font-face{font-family:Urbanist;font-weight:600;font-display:swap;src:url(/auth-ui/fonts/600.woff2) format('woff2')}
@font-face{font-family:Urbanist;font-weight:800;font-display:swap;src:url(/auth-ui/fonts/800.woff2) format('woff2')}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;font-family:Urbanist,system-ui,sans-serif;color:#101828;background:linear-gradient(160deg,#eaf6ff 0%,#fff 55%);display:flex;flex-direction:column;align-items:center}
header{width:100%;max-width:${THEME.containerMaxWidth}px;padding:28px 32px}
.logo{display:inline-flex;align-items:center;gap:10px;font-weight:800;font-size:28px;color:#101828;text-decoration:none;letter-spacing:-.5px}
.logo svg{width:44px;height:44px}
main{width:100%;max-width:460px;padding:16px 20px 64px}
.card{background:#fff;border-radius:${THEME.radiusXl}px;box-shadow:0 20px 60px rgba(16,24,40,.10);padding:40px 36px}
h1{font-size:32px;font-weight:800;margin:0 0 8px}
p.sub{margin:0 0 28px;color:#475467}
label{display:block;font-weight:600;font-size:15px;margin:18px 0 6px}
input{width:100%;font:inherit;font-size:16px;padding:13px 18px;border:1px solid #d0d5dd;border-radius:999px;outline:none}
input:focus{border-color:${THEME.primary};box-shadow:0 0 0 3px rgba(61,171,255,.25)}
button{margin-top:28px;width:100%;font:inherit;font-weight:700;font-size:17px;padding:14px;border:0;border-radius:999px;background:${THEME.primary};color:#fff;cursor:pointer}
button:hover{filter:brightness(.95)}
button.secondary{background:#fff;color:#101828;border:1px solid #d0d5dd;margin-top:12px}
.error{background:#fff1f0;color:#b42318;border-radius:16px;padding:12px 16px;margin-bottom:8px}
.ok{background:#ecfdf3;color:#067647;border-radius:16px;padding:12px 16px;margin-bottom:8px}
.links{display:flex;justify-content:space-between;margin-top:22px;font-size:15px}
a{color:${THEME.primary};font-weight:600}
`;

// The app header's cube mark (apps/web/src/layout/Logo.tsx), so the sign-in pages carry the same logo.
const LOGO_MARK = `<svg viewBox="0 0 64 64" aria-hidden="true" focusable="false"><rect width="64" height="64" rx="16" fill="${THEME.primary}"/><path d="M32 12 52 24v18L32 54 12 42V24z" fill="#fff"/><path d="M32 12 52 24 32 36 12 24z" fill="#cfeaff"/><path d="M32 36v18L12 42V24z" fill="#9fd4ff"/></svg>`;

/** The page texts of one language. */
export type Texts = (typeof authPageTexts)['en'];

export function page(t: Texts, title: string, body: string): string {
  return `<!doctype html>
<html lang="${esc(t.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(title)} | ${PRODUCT_NAME}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/auth-ui/style.css"></head>
<body><header><a class="logo" href="/" aria-label="${esc(t.logoLabel)}">${LOGO_MARK}<span>${PRODUCT_NAME}</span></a></header>
<main><div class="card">${body}</div></main></body></html>`;
}

const notice = (error?: string, ok?: string) =>
  `${error ? `<div class="error" role="alert">${esc(error)}</div>` : ''}${ok ? `<div class="ok" role="status">${esc(ok)}</div>` : ''}`;

export function signInPage(t: Texts, o: { uid: string; email?: string; error?: string; ok?: string }) {
  const s = t.signIn;
  return page(
    t,
    s.title,
    `<h1>${esc(s.heading)}</h1><p class="sub">${esc(s.sub)}</p>${notice(o.error, o.ok)}
<form method="post" action="/auth/interaction/${esc(o.uid)}/login" autocomplete="on">
<label for="email">${esc(t.email)}</label><input id="email" name="email" type="email" required autocomplete="username" value="${esc(o.email)}">
<label for="password">${esc(t.password)}</label><input id="password" name="password" type="password" required autocomplete="current-password">
<button type="submit">${esc(s.submit)}</button></form>
<div class="links"><a href="/auth/interaction/${esc(o.uid)}/signup">${esc(s.createAccount)}</a><a href="/auth/forgot?uid=${esc(o.uid)}">${esc(s.forgot)}</a></div>
<form method="get" action="/auth/interaction/${esc(o.uid)}/abort"><button class="secondary" type="submit">${esc(s.cancel)}</button></form>`,
  );
}

export function signUpPage(t: Texts, o: { uid: string; email?: string; name?: string; error?: string; ok?: string }) {
  const s = t.signUp;
  return page(
    t,
    s.title,
    `<h1>${esc(s.heading)}</h1><p class="sub">${esc(s.sub)}</p>${notice(o.error, o.ok)}
<form method="post" action="/auth/interaction/${esc(o.uid)}/signup">
<label for="name">${esc(s.name)}</label><input id="name" name="name" required maxlength="100" autocomplete="name" value="${esc(o.name)}">
<label for="email">${esc(t.email)}</label><input id="email" name="email" type="email" required autocomplete="email" value="${esc(o.email)}">
<label for="password">${esc(t.password)}</label><input id="password" name="password" type="password" required minlength="8" autocomplete="new-password">
<button type="submit">${esc(s.submit)}</button></form>
<div class="links"><a href="/auth/interaction/${esc(o.uid)}?screen=signin">${esc(s.haveAccount)}</a></div>`,
  );
}

export function forgotPage(t: Texts, o: { uid?: string; error?: string; ok?: string }) {
  const s = t.forgot;
  return page(
    t,
    s.title,
    `<h1>${esc(s.heading)}</h1><p class="sub">${esc(s.sub)}</p>${notice(o.error, o.ok)}
<form method="post" action="/auth/forgot"><input type="hidden" name="uid" value="${esc(o.uid)}">
<label for="email">${esc(t.email)}</label><input id="email" name="email" type="email" required autocomplete="email">
<button type="submit">${esc(s.submit)}</button></form>
<div class="links"><a href="${o.uid ? `/auth/interaction/${esc(o.uid)}` : '/login'}">${esc(s.back)}</a></div>`,
  );
}

export function resetPage(t: Texts, o: { token: string; error?: string; ok?: string }) {
  const s = t.reset;
  return page(
    t,
    s.title,
    `<h1>${esc(s.heading)}</h1>${notice(o.error, o.ok)}${
      o.ok
        ? `<div class="links"><a href="/login">${esc(s.signIn)}</a></div>`
        : `<form method="post" action="/auth/reset"><input type="hidden" name="token" value="${esc(o.token)}">
<label for="password">${esc(s.password)}</label><input id="password" name="password" type="password" required minlength="8" autocomplete="new-password">
<button type="submit">${esc(s.submit)}</button></form>`
    }`,
  );
}

/**
 * The provider's log-out page. When the app itself sent the person here (a valid ID token hint from
 * the web client) the app has already asked "Log out?", so the page submits the form at once and the
 * provider session ends; otherwise (a bare link to the end-session URL) it asks here.
 */
export function logoutPage(t: Texts, form: string, confirmedInApp = false) {
  const s = t.logout;
  if (confirmedInApp) {
    const withAnswer = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
    return page(
      t,
      s.title,
      `<h1>${esc(s.loggingOut)}</h1><p class="sub">${esc(s.beingLoggedOut)}</p>${withAnswer}
<noscript><button type="submit" form="op.logoutForm">${esc(s.submit)}</button></noscript>
<script src="/auth-ui/logout.js"></script>`,
    );
  }
  return page(
    t,
    s.title,
    `<h1>${esc(s.heading)}</h1><p class="sub">${esc(s.ask)}</p>${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">${esc(s.submit)}</button>
<button class="secondary" type="submit" form="op.logoutForm">${esc(s.stay)}</button>`,
  );
}

/** Submits the log-out form of logoutPage(form, true). */
export const LOGOUT_JS = `document.getElementById('op.logoutForm').submit();`;

export function errorPage(t: Texts, message: string) {
  const s = t.error;
  return page(
    t,
    s.title,
    `<h1>${esc(s.heading)}</h1><p class="sub">${esc(message)}</p><div class="links"><a href="/">${esc(s.back)}</a></div>`,
  );
}
