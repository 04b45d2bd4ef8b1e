// What the fields of a request must be before anything is stored: an e-mail address, a password hard
// enough to guess (password-strength.ts), and user metadata within its size.
import { isPlainObject } from '../http.ts';
import { LIMITS } from '../limits.ts';
import { passwordWeakness } from '../password-strength.ts';
import { authError } from './protocol.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The address trimmed and lower-cased, as accounts are found by it. */
export function validEmail(email: unknown): string {
  if (typeof email !== 'string' || !EMAIL.test(email.trim())) {
    throw authError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  }
  return email.trim().toLowerCase();
}

/** A password strong enough, judged also against the account's own words. */
export function validPassword(password: unknown, personal: string[]): string {
  const weakness = typeof password === 'string' ? passwordWeakness(password, personal) : 'Password is required.';
  if (weakness !== null) {
    const reason = typeof password === 'string' && password.length >= 8 ? 'characters' : 'length';
    throw authError(422, 'weak_password', weakness, { weak_password: { reasons: [reason], message: weakness } });
  }
  return password as string;
}

export function validMetadata(data: unknown): Record<string, unknown> {
  if (!isPlainObject(data)) throw authError(400, 'validation_failed', 'data must be a JSON object');
  if (Buffer.byteLength(JSON.stringify(data)) > LIMITS.userMetadataBytes) {
    throw authError(422, 'validation_failed', `User metadata may be at most ${LIMITS.userMetadataBytes} bytes as JSON.`);
  }
  return data;
}
