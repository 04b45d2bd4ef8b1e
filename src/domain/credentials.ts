// The rules of the sign-in, sign-up and password forms, checked before anything is sent. They match the
// server: an e-mail has the shape something@host.tld, and a new password at least MIN_PASSWORD_CHARS
// (passwordRule.ts; how hard it is to guess only the server decides for sure). Signing in asks only for
// a password: it is the server's to say whether it is the right one.
import { MIN_PASSWORD_CHARS } from './passwordRule.ts';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const EMAIL_REQUIRED = 'Please enter your e-mail address.';
export const EMAIL_INVALID = 'That does not look like an e-mail address (like name@example.com).';
export const PASSWORD_REQUIRED = 'Please enter your password.';
export const PASSWORD_TOO_SHORT = `Passwords are at least ${MIN_PASSWORD_CHARS} characters.`;
export const PASSWORDS_DIFFER = 'The two passwords are not the same.';

export function validateEmail(value: string): string | null {
  const email = value.trim();
  if (email === '') return EMAIL_REQUIRED;
  return EMAIL_SHAPE.test(email) ? null : EMAIL_INVALID;
}

/** The password typed to sign in. */
export function validatePassword(value: string): string | null {
  return value === '' ? PASSWORD_REQUIRED : null;
}

/** A password chosen at sign-up or in a change. */
export function validateChosenPassword(value: string): string | null {
  if (value === '') return PASSWORD_REQUIRED;
  return value.length < MIN_PASSWORD_CHARS ? PASSWORD_TOO_SHORT : null;
}

/** A new password and its confirmation. */
export function validateNewPassword(password: string, confirmation: string): string | null {
  return validateChosenPassword(password) ?? (password === confirmation ? null : PASSWORDS_DIFFER);
}
