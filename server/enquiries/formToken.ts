import { createHmac, timingSafeEqual } from 'node:crypto';
import { FORM_TOKEN_TTL_MS, MIN_FILL_MS } from '../../lib/enquiry.js';

/**
 * How long a page holding the form may be answered from the page cache: a token served from the cache is at most this
 * old, so a visitor who opened the page always has the rest of `FORM_TOKEN_TTL_MS` (five hours) to fill the form.
 */
export const FORM_PAGE_CACHE_MS = 60 * 60 * 1000;

/** The longest token there is: 15 digits, a dot and a 43-character signature. */
const TOKEN_MAX = 60;

/** What a sent token says: fine, sent sooner than a person fills a form, older than its lifetime, or not the server's. */
export type TokenCheck = 'valid' | 'too-fast' | 'expired' | 'forged';

/**
 * The moment a feedback form was made, signed by the server (`<ms>.<signature>`): a visitor cannot make it look
 * older or newer, so a form sent sooner than `MIN_FILL_MS` after it was made is known to be a robot's, and one sent
 * later than `FORM_TOKEN_TTL_MS` after it is refused with a request to reload the page (a token copied once cannot
 * serve a robot forever). The page cache keeps a page with the form at most `FORM_PAGE_CACHE_MS`.
 */
export class FormTokens {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly clock: () => number = Date.now,
  ) {
    this.key = createHmac('sha256', secret).update('enquiry-form-token').digest();
  }

  private signature(issuedAt: string): Buffer {
    return createHmac('sha256', this.key).update(issuedAt).digest();
  }

  issue(): string {
    const issuedAt = String(this.clock());
    return `${issuedAt}.${this.signature(issuedAt).toString('base64url')}`;
  }

  check(token: unknown): TokenCheck {
    if (typeof token !== 'string' || token.length > TOKEN_MAX) return 'forged';
    const match = /^(\d{1,15})\.([\w-]{43})$/.exec(token);
    if (!match?.[1] || !match[2]) return 'forged';
    const given = Buffer.from(match[2], 'base64url');
    const expected = this.signature(match[1]);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
    const age = this.clock() - Number(match[1]);
    if (age < MIN_FILL_MS) return 'too-fast';
    return age > FORM_TOKEN_TTL_MS ? 'expired' : 'valid';
  }
}
