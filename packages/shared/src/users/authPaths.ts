// Sign-in constants without zod, so the web app's first load can use them cheaply.
export const AUTH_SCOPE = 'openid profile email';
export const AUTH_CALLBACK_PATH = '/authentication/callback';
export const AUTH_SILENT_CALLBACK_PATH = '/authentication/silent-callback';
/** Name of the cookie mirroring the access token (file GETs and WebSocket upgrades only). */
export const ACCESS_TOKEN_COOKIE = 'atrium_at';
/** Prefix that makes personal API keys recognisable (and scannable in leaked text). */
export const API_KEY_PREFIX = 'atr_';
