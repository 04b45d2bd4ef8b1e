// The takedown form's checks; the takedown_requests table has the same limits as constraints.

export interface TakedownInput {
  name: string;
  email: string;
  url: string;
  reason: string;
}

export type TakedownErrors = Partial<Record<keyof TakedownInput, string>>;

export const TAKEDOWN_SENT = 'Thank you. Your request was sent to the people who run this portal; they will reply by e-mail.';

export function validateTakedown(input: TakedownInput): TakedownErrors {
  const errors: TakedownErrors = {};
  const name = input.name.trim();
  const email = input.email.trim();
  const url = input.url.trim();
  const reason = input.reason.trim();
  if (name === '') errors.name = 'Please give your name or your organisation’s.';
  else if (name.length > 200) errors.name = 'A name can be at most 200 characters.';
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) || email.length > 320) errors.email = 'Please give an e-mail address we can reply to.';
  let validUrl = false;
  try {
    const parsed = new URL(url);
    validUrl = (parsed.protocol === 'https:' || parsed.protocol === 'http:') && url.length <= 2000;
  } catch {
    validUrl = false;
  }
  if (!validUrl) errors.url = 'Paste the full address (https://…) of the game or page.';
  if (reason.length < 10) errors.reason = 'Tell us in a sentence or two why it should be removed.';
  else if (reason.length > 5000) errors.reason = 'The reason can be at most 5000 characters.';
  return errors;
}
