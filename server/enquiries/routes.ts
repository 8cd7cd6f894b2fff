import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ENQUIRY_ACTION, ENQUIRY_RESULT_PARAM, ENQUIRY_RESULTS, HONEYPOT_FIELD, refusalResult, TOKEN_FIELD, type EnquiryResult } from '../../lib/enquiry.js';
import { isSitePath } from '../../lib/resources/index.js';
import { RateLimiter } from '../auth/rateLimit.js';
import { HttpError } from '../http/errors.js';
import { parseForm } from '../http/validation.js';
import { encodedAddress } from '../redirects/paths.js';
import { enquiryRequest, ENQUIRY_DOCS } from '../routes/openapi/enquiries.js';
import type { FormTokens } from './formToken.js';
import { storeEnquiry } from './store.js';
import { enquiryBody } from './submission.js';

/** At most 5 enquiries in 10 minutes from one address, counted across every process on the database. */
export const ENQUIRY_RATE_LIMIT = { bucket: 'enquiry-ip', limit: 5, windowMs: 10 * 60 * 1000 } as const;

/** The largest form a visitor sends: the message's 5000 characters, encoded, and the rest. */
const FORM_BODY_LIMIT = 64 * 1024;

const FORM_POST = 'application/x-www-form-urlencoded';

/** The longest page address a form post comes back to. */
const BACK_MAX = 300;

type Fields = Record<string, unknown>;

/**
 * The page a plain form post comes back to: a path on the site, else the site's root; encoded as a `Location` header
 * carries it (a Cyrillic path is percent-encoded once), since the header takes nothing but ASCII.
 */
const backTo = (body: Fields): string => {
  const back = typeof body.back === 'string' ? body.back : '';
  return back.length <= BACK_MAX && isSitePath(back) ? encodedAddress(back.split(/[?#]/)[0] ?? '/') : '/';
};

/**
 * `POST /api/enquiries`: the feedback form. Robots are refused without being told (the answer is a success, nothing
 * is stored): a filled honeypot, a forged token, or a form sent sooner than a person can fill it. A form older than
 * the token's lifetime is a 400 asking the visitor to reload the page. The page's script sends JSON and
 * shows the errors by field; without JavaScript the form posts itself and the visitor comes back to the page, which
 * shows the result.
 */
export async function enquiryRoutes(app: FastifyInstance, options: { tokens: FormTokens }): Promise<void> {
  const limiter = new RateLimiter(app.db, ENQUIRY_RATE_LIMIT);
  app.addContentTypeParser(FORM_POST, { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const send = async (request: FastifyRequest, body: Fields): Promise<void> => {
    const token = options.tokens.check(body[TOKEN_FIELD]);
    const robot = (typeof body[HONEYPOT_FIELD] === 'string' && body[HONEYPOT_FIELD] !== '') || token === 'forged' || token === 'too-fast';
    if (robot) return;
    if (token === 'expired') throw new HttpError(400, ENQUIRY_RESULTS.expired, { [TOKEN_FIELD]: [ENQUIRY_RESULTS.expired] });
    const enquiry = parseForm(enquiryBody, body);
    if (!(await limiter.hit(request.ip))) throw new HttpError(429, ENQUIRY_RESULTS.limit);
    const sender = { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') };
    await storeEnquiry(app.db, enquiry, sender, app.config.enquiriesMailTo.length > 0);
  };

  const answerFormPost = async (request: FastifyRequest, reply: FastifyReply, body: Fields) => {
    let result: EnquiryResult = 'sent';
    try {
      await send(request, body);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      result = refusalResult(error.statusCode, Object.keys(error.errors ?? {}));
    }
    return reply
      .code(303)
      .header('Location', `${backTo(body)}?${ENQUIRY_RESULT_PARAM}=${result}#obratnaya-svyaz`)
      .send();
  };

  app.post(ENQUIRY_ACTION, { schema: { ...ENQUIRY_DOCS.send, documentedBody: enquiryRequest }, bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
    const body: Fields = typeof request.body === 'object' && request.body !== null ? (request.body as Fields) : {};
    if (request.headers['content-type']?.startsWith(FORM_POST)) return answerFormPost(request, reply, body);
    await send(request, body);
    return { data: { message: ENQUIRY_RESULTS.sent } };
  });
}
