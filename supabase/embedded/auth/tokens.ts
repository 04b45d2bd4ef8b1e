// The random secrets the auth service hands out, and how it keeps them: refresh tokens as they are
// (they are looked up and rotated), a mailed link's token and code only as hashes.
import { createHash, randomBytes, randomInt } from 'node:crypto';

export const newRefreshToken = () => randomBytes(24).toString('base64url');
/** A mailed link carries a long random token; only the 6-digit code is short, and it has few tries. */
export const newLinkToken = () => randomBytes(32).toString('base64url');
export const newMailedCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
