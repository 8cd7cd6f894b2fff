import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { russian } from '../../admin/i18n/index.js';

/** Every message key under an object of messages, dotted (`ra.action.save`). */
function keysOf(messages: object, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keysOf(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('the admin’s Russian messages', () => {
  it('have a Russian text for every key of react-admin’s English messages', () => {
    const russianKeys = new Set(keysOf(russian));
    expect(keysOf(englishMessages).filter((key) => !russianKeys.has(key))).toEqual([]);
  });
});
