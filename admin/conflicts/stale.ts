import { HttpError } from 'react-admin';
import { STALE_VERSION_MESSAGE } from '@lib/versions.js';
import type { ErrorBody } from '../../dataProvider/apiClient.js';

/** A write refused because the record was saved since it was read; `body.saved` names who saved and when. */
export function isStaleVersion(error: unknown): error is HttpError & { body: ErrorBody } {
  return error instanceof HttpError && error.status === 409 && (error.body as ErrorBody | undefined)?.message === STALE_VERSION_MESSAGE;
}
