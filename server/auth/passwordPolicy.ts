import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/**
 * What a password must be (NIST SP 800-63B): 8 to 128 characters, any characters, no composition rules, and not
 * a common or trivially guessable one. Guessability is estimated by zxcvbn (common passwords, names, keyboard
 * walks, repeats, sequences, dates); a score under 2 (fewer than about a million guesses) is refused.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const MIN_PASSWORD_SCORE = 2;

export const WEAK_PASSWORD_MESSAGE = 'Пароль слишком простой: такие подбирают за минуты. Возьмите фразу из нескольких слов или случайный набор символов.';

let configured = false;

/** Whether a password of allowed length is too easy to guess. */
export function isWeakPassword(password: string): boolean {
  if (!configured) {
    zxcvbnOptions.setOptions({ dictionary, graphs: adjacencyGraphs });
    configured = true;
  }
  // The estimate looks at the first 100 characters: longer passwords are not the guessable kind.
  return zxcvbn(password.slice(0, 100)).score < MIN_PASSWORD_SCORE;
}
