import { createHmac, timingSafeEqual } from 'node:crypto';
import { MIN_FILL_MS } from '../../lib/enquiry.js';

/**
 * The moment a feedback form was made, signed by the server (`<ms>.<signature>`): a visitor cannot make it look
 * older, so a form sent sooner than `MIN_FILL_MS` after it was made is known to be a robot's. A page answered from
 * the page cache carries an older moment, which only makes the wait shorter, never longer.
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

  /** Whether a token is the server's and at least `MIN_FILL_MS` old. */
  filledLongEnough(token: unknown): boolean {
    if (typeof token !== 'string') return false;
    const match = /^(\d{1,15})\.([\w-]{43})$/.exec(token);
    if (!match?.[1] || !match[2]) return false;
    const given = Buffer.from(match[2], 'base64url');
    const expected = this.signature(match[1]);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    const age = this.clock() - Number(match[1]);
    return age >= MIN_FILL_MS;
  }
}
