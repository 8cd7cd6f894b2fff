import { z } from 'zod';
import { moment } from './shapes.js';

/**
 * The error answers of the API as the error handler sends them (server/http/errorHandler.ts): always
 * `{ message, errors? }`, with the last save beside them when a write was based on an older version.
 */

export const ERROR_STATUSES = [400, 401, 403, 404, 409, 413, 415, 429] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

export const errorBody = z
  .object({
    message: z.string().meta({ description: 'What went wrong, in Russian.' }),
    errors: z.record(z.string(), z.array(z.string())).optional().meta({ description: 'The messages of each field that was refused.' }),
    saved: z.object({ by: z.string(), at: moment }).optional().meta({ description: 'A stale write (409): who saved the record meanwhile, and when.' }),
  })
  .meta({ id: 'Error', description: 'Every error answer.' });

const DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'Refused input: `errors` names each field (or query parameter) and what is wrong with it.',
  401: 'No valid access token (absent, expired, revoked, or the account is inactive).',
  403: "The account's role does not give the action this route needs on its resource, or a manager requires two-factor sign-in and the account has not enrolled yet.",
  404: 'No such record or page (an id that cannot name a record is one too).',
  409: 'A conflict: a unique value another record has, a newer version of the record (`saved`), or a record still in use.',
  413: 'The request, a file or a field is larger than allowed.',
  415: 'A file or a body of a type this operation does not take.',
  429: 'Too many attempts: try again later.',
};

/** The documented answer of one error status. */
export const errorResponse = (status: ErrorStatus) => ({
  description: DESCRIPTIONS[status],
  content: { 'application/json': { schema: errorBody } },
});
