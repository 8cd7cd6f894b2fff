import { describe, expect, it } from 'vitest';
import { registerPhoneVerification, requirePhoneVerification, unregisterPhoneVerification, PhoneVerificationMissingError } from '../../lib/phone.js';
import { createLibphonenumberVerification } from '../../lib/phoneLibphonenumber.js';
import { errorToastText, NETWORK_TOAST, prefetchAllowed, TIMEOUT_TOAST } from '../../lib/site.js';
import { altFromTemplate, DEFAULT_ALT_TEMPLATE, imageAlt, pageTitle } from '../../lib/titles.js';
import { reloadAllowed } from '../../site/client/chunkGuard.js';
import { runGuards, UnknownGuardError, withoutPageParam, type Guard } from '../../site/guards.js';
import type { PageContext } from 'vike/types';

describe('titles', () => {
  it('{title} | {brand}, with " - страница N" from page 2, the brand alone by default', () => {
    expect(pageTitle('Новости', 'Бренд')).toBe('Новости | Бренд');
    expect(pageTitle('Новости', 'Бренд', 1)).toBe('Новости | Бренд');
    expect(pageTitle('Новости', 'Бренд', 2)).toBe('Новости - страница 2 | Бренд');
    expect(pageTitle('', 'Бренд')).toBe('Бренд');
  });

  it('alt text from the template, keeping an alt the editor wrote', () => {
    expect(altFromTemplate(DEFAULT_ALT_TEMPLATE, 'Новости')).toBe('Иллюстрация к странице «Новости» на сайте микрофинансовой компании — займы под залог');
    expect(imageAlt('Новости', 'Новости', DEFAULT_ALT_TEMPLATE)).toContain('«Новости»');
    expect(imageAlt('Офис в Москве', 'Новости', DEFAULT_ALT_TEMPLATE)).toBe('Офис в Москве');
    expect(altFromTemplate(DEFAULT_ALT_TEMPLATE, '«Смарт Горизонт» стал резидентом «Сколково»')).toBe(
      'Иллюстрация к странице «Смарт Горизонт» стал резидентом «Сколково» на сайте микрофинансовой компании — займы под залог',
    );
  });
});

describe('client rules', () => {
  it('toasts: the timeout text when the message says timeout in any case, else the network text', () => {
    expect(errorToastText('Request TimeOut')).toBe(TIMEOUT_TOAST);
    expect(errorToastText('Failed to fetch')).toBe(NETWORK_TOAST);
  });

  it('prefetch: never on 2g, with data saving, or offline', () => {
    expect(prefetchAllowed({ effectiveType: '4g' }, true)).toBe(true);
    expect(prefetchAllowed(undefined, true)).toBe(true);
    expect(prefetchAllowed({ effectiveType: '2g' }, true)).toBe(false);
    expect(prefetchAllowed({ effectiveType: 'slow-2g' }, true)).toBe(false);
    expect(prefetchAllowed({ effectiveType: '4g', saveData: true }, true)).toBe(false);
    expect(prefetchAllowed({ effectiveType: '4g' }, false)).toBe(false);
  });

  it('chunk reload: at most once per 60 s', () => {
    expect(reloadAllowed(1_000_000, null, 60_000)).toBe(true);
    expect(reloadAllowed(1_000_000, 1_000_000 - 59_999, 60_000)).toBe(false);
    expect(reloadAllowed(1_000_000, 1_000_000 - 60_000, 60_000)).toBe(true);
  });
});

describe('guards (middleware by name)', () => {
  const context = { urlParsed: { pathname: '/news', search: {}, searchAll: {} } } as unknown as PageContext;

  it('an unknown guard name throws (Vike answers 500)', async () => {
    await expect(runGuards(['pageParam', 'noSuchGuard'], context)).rejects.toBeInstanceOf(UnknownGuardError);
    await expect(runGuards(['toString'], context)).rejects.toBeInstanceOf(UnknownGuardError);
  });

  it('known guards run in order', async () => {
    const calls: string[] = [];
    const registry: Record<string, Guard> = { a: () => void calls.push('a'), b: () => void calls.push('b') };
    await runGuards(['b', 'a'], context, registry);
    expect(calls).toEqual(['b', 'a']);
  });

  it('the 301 of ?page=1 keeps other query parameters', () => {
    expect(withoutPageParam('/news', { page: '1' })).toBe('/news');
    expect(withoutPageParam('/news', { page: '1', utm: 'x' })).toBe('/news?utm=x');
  });
});

describe('phone verification service', () => {
  it('a missing service fails loudly', () => {
    unregisterPhoneVerification();
    expect(() => requirePhoneVerification()).toThrow(PhoneVerificationMissingError);
  });

  it('the libphonenumber-js service verifies and formats Russian numbers', () => {
    registerPhoneVerification(createLibphonenumberVerification());
    const service = requirePhoneVerification();
    expect(service.verify('8 (916) 123-45-67')).toEqual({ valid: true, e164: '+79161234567', display: '+7 916 123 45 67' });
    expect(service.verify('12345').valid).toBe(false);
  });
});
