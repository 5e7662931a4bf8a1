import crypto from 'node:crypto';

/** Hex SHA-256 of a string: idempotency request hashes, reset-token and API-key lookups. */
export const sha256Hex = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
