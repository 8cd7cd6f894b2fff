import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMAIL_MAX, isPlainEmail } from '../../lib/email.js';
import type { ContentServices } from '../../lib/content.js';
import { FORM_TOKEN_TTL_MS, MIN_FILL_MS, refusalResult } from '../../lib/enquiry.js';
import { TEXTS } from '../../lib/siteTexts.js';
import { emailSchema } from '../../server/auth/accounts.js';
import { PageCache, type CachedResponse } from '../../server/cache/pageCache.js';
import { ConfigError, loadConfig } from '../../server/config.js';
import type { ViewCounter } from '../../server/content/viewCounter.js';
import { FORM_PAGE_CACHE_MS, FormTokens } from '../../server/enquiries/formToken.js';
import { contentForRender } from '../../server/site/renderContent.js';

describe('one plain e-mail address, the rule of the whole product', () => {
  it('takes plain addresses, Cyrillic domains included', () => {
    for (const email of ['ivan@example.com', 'maria.ivanova+site@mail.example.ru', 'info@почта.рф', "o'neil@example.co.uk", `${'a'.repeat(64)}@example.com`]) {
      expect(isPlainEmail(email), email).toBe(true);
    }
  });

  it('refuses display names, lists, spaces, quotes, control characters and malformed parts', () => {
    for (const email of [
      'x<evil@attacker.example>',
      'Evil <evil@attacker.example>',
      'a,b@example.com',
      'a@example.com,b@example.com',
      'a;b@example.com',
      'a b@example.com',
      '"a"@example.com',
      'a\r\nbcc: b@example.com',
      'a@example.com\n',
      'a@example',
      '@example.com',
      'a@',
      'a@@example.com',
      'a..b@example.com',
      '.a@example.com',
      'a@-example.com',
      'a@example..com',
      `${'a'.repeat(65)}@example.com`,
      `a@${'b'.repeat(64)}.com`,
      `a@${'b.'.repeat(130)}com`,
    ]) {
      expect(isPlainEmail(email), JSON.stringify(email)).toBe(false);
    }
  });

  it('answers hostile text in time linear in its length, the length checked first', () => {
    const hostile = [`a@${'.'.repeat(60_000)} a`, `a@${'.'.repeat(EMAIL_MAX - 4)} a`, `${'a'.repeat(EMAIL_MAX - 2)}@`, 'a@'.repeat(1_000_000)];
    const started = performance.now();
    for (const email of hostile) expect(isPlainEmail(email)).toBe(false);
    // Quadratic before: the first one alone took seconds.
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('is the rule of accounts and of the configured addresses too', () => {
    expect(emailSchema.safeParse(' Ivan@Example.com ').data).toBe('ivan@example.com');
    for (const email of ['x<evil@attacker.example>', 'a,b@example.com'])
      expect(emailSchema.safeParse(email).error?.issues[0]?.message).toBe('Некорректный e-mail.');
    const overlong = emailSchema.safeParse(`a@${'.'.repeat(60_000)} a`);
    expect(overlong.error?.issues.map((issue) => issue.message)).toEqual([`E-mail длиннее ${EMAIL_MAX} символов.`]);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'enquiry-rules-'));
    expect(() => loadConfig({ DATA_DIR: dataDir, ENQUIRIES_MAIL_TO: 'staff@example.com, x<evil@attacker.example>' })).toThrow(ConfigError);
    expect(loadConfig({ DATA_DIR: dataDir, ENQUIRIES_MAIL_TO: 'staff@example.com, boss@example.com' }).enquiriesMailTo).toEqual([
      'staff@example.com',
      'boss@example.com',
    ]);
  });
});

describe('the form token', () => {
  it('is refused as too fast, taken for six hours, then expired; a forged or overlong one is no token', () => {
    let now = 1_000_000_000_000;
    const tokens = new FormTokens('a-secret-that-is-long-enough', () => now);
    const token = tokens.issue();
    expect(tokens.check(token)).toBe('too-fast');
    now += MIN_FILL_MS;
    expect(tokens.check(token)).toBe('valid');
    now += FORM_TOKEN_TTL_MS - MIN_FILL_MS;
    expect(tokens.check(token)).toBe('valid');
    now += 1;
    expect(tokens.check(token)).toBe('expired');
    expect(tokens.check(`${token.split('.')[0]}.${'A'.repeat(43)}`)).toBe('forged');
    expect(tokens.check(`${'1'.repeat(100_000)}.x`)).toBe('forged');
    expect(new FormTokens('another-secret-long-enough', () => now).check(token)).toBe('forged');
  });

  it('an expired form is told to reload the page, in Russian and in English', () => {
    expect(refusalResult(400, ['token'])).toBe('expired');
    expect(TEXTS.ru.enquiry.results.expired).toMatch(/обновите страницу/);
    expect(TEXTS.en.enquiry.results.expired).toMatch(/reload the page/);
  });

  it('a page holding the form is answered from the page cache for an hour at most, so a cached token has five hours left', async () => {
    let now = 1_000_000_000_000;
    const cache = new PageCache({ maxBytes: 1_000_000, nextScheduledChanges: async () => [], now: () => now });
    const variant = { headers: {}, body: Buffer.from('page') };
    const entry: CachedResponse = { statusCode: 200, etag: 'W/"1"', identity: variant, gzip: variant, br: variant, notModified: {}, onHit: null };
    expect(await cache.set(cache.ticket('/kontakty'), entry, FORM_PAGE_CACHE_MS)).toBe(true);
    expect(await cache.set(cache.ticket('/news'), entry)).toBe(true);
    now += FORM_PAGE_CACHE_MS - 1;
    expect(cache.get('/kontakty')).toBeDefined();
    now += 1;
    expect(cache.get('/kontakty')).toBeUndefined();
    expect(cache.get('/news')).toBeDefined();
    expect(FORM_TOKEN_TTL_MS - FORM_PAGE_CACHE_MS).toBeGreaterThanOrEqual(5 * 60 * 60 * 1000);

    const base = { enquiries: { form: async () => ({ topics: [], consent: null, locale: 'ru', token: 't' }) } } as unknown as ContentServices;
    const withForm = contentForRender(base, cache, {} as ViewCounter);
    await withForm.content.enquiries.form();
    expect(withForm.cacheFor()).toBe(FORM_PAGE_CACHE_MS);
    expect(contentForRender(base, cache, {} as ViewCounter).cacheFor()).toBeNull();
  });
});
