// The rules of the sign-in, sign-up and password forms, checked before anything is sent. They match the
// server: an e-mail has the shape something@host.tld and a password at least 6 characters (GoTrue's
// default minimum).
export const MIN_PASSWORD_LENGTH = 6;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const EMAIL_REQUIRED = 'Please enter your e-mail address.';
export const EMAIL_INVALID = 'That does not look like an e-mail address (like name@example.com).';
export const PASSWORD_REQUIRED = 'Please enter your password.';
export const PASSWORD_TOO_SHORT = `Passwords are at least ${MIN_PASSWORD_LENGTH} characters.`;
export const PASSWORDS_DIFFER = 'The two passwords are not the same.';

export function validateEmail(value: string): string | null {
  const email = value.trim();
  if (email === '') return EMAIL_REQUIRED;
  return EMAIL_SHAPE.test(email) ? null : EMAIL_INVALID;
}

export function validatePassword(value: string): string | null {
  if (value === '') return PASSWORD_REQUIRED;
  return value.length < MIN_PASSWORD_LENGTH ? PASSWORD_TOO_SHORT : null;
}

/** A new password and its confirmation. */
export function validateNewPassword(password: string, confirmation: string): string | null {
  return validatePassword(password) ?? (password === confirmation ? null : PASSWORDS_DIFFER);
}
