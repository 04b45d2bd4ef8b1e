// The minimum password strength, judged by zxcvbn-ts (Dropbox's estimator, with its common and
// English dictionaries): it counts the guesses a cracker would need, so "123456", "password1" and
// the student's own e-mail or name are refused while a few uncommon words pass. The sign-up form can
// run the same check before sending (same package, same score), so a student sees this message there.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import { LIMITS } from './limits.ts';

let factory: ZxcvbnFactory | null = null;

function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  });
  return factory;
}

export const MIN_PASSWORD_CHARS = 8;

/** Null when the password is strong enough, else the sentence that tells the student what to change. */
export function passwordWeakness(password: string, personal: string[] = []): string | null {
  if (password.length < MIN_PASSWORD_CHARS) return `Password should be at least ${MIN_PASSWORD_CHARS} characters.`;
  if (Buffer.byteLength(password) > LIMITS.passwordMaxBytes) return `Password should be at most ${LIMITS.passwordMaxBytes} bytes long.`;
  // The e-mail address and name whole and in parts: a password made of them is guessed first.
  const words = personal.flatMap((value) => [value.toLowerCase(), ...value.toLowerCase().split(/[^a-z0-9]+/)]).filter((word) => word.length >= 3);
  const result = estimator().check(password, words);
  if (result.score >= LIMITS.passwordMinScore) return null;
  const why = result.feedback.warning ?? 'This password is easy to guess.';
  const how = result.feedback.suggestions.join(' ') || 'Add another word or two that are less common.';
  return `Password is too easy to guess. ${why} ${how}`.replace(/\s+/g, ' ').trim();
}
