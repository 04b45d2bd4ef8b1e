// zxcvbn-ts with its common dictionary (the most used passwords, names and keyboard patterns): 225 KB
// gzip, so the password fields load it only when a student starts typing one. The backend judges with
// the English dictionary as well; at its threshold (a score of 3) the two agreed on every password we
// tried, and where they differ the backend's refusal still shows under the form.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';

const estimator = new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });

/** zxcvbn's score, 0 to 4, of `password`; `personal` (the e-mail and its parts) counts as guessed first. */
export function scorePassword(password: string, personal: readonly string[]): number {
  const words = personal.flatMap((value) => [value.toLowerCase(), ...value.toLowerCase().split(/[^a-z0-9]+/)]).filter((word) => word.length >= 3);
  return estimator.check(password, words).score;
}
