import { HttpError } from './errors.js';

/**
 * The last line of defence against bad input that validation let through: errors in which the database refuses a
 * value (out of range, badly encoded, a reference to nothing, too large) are the client's, so they answer 4xx in
 * the usual `{ message }` shape instead of 500. Validation should catch all of these first; this keeps a gap in
 * it from becoming a server error.
 */

export const INVALID_VALUE_MESSAGE = 'Некорректное значение в запросе.';
export const REFERENCE_MESSAGE = 'Связанная запись не найдена или ещё используется.';
export const TOO_LARGE_MESSAGE = 'Слишком большое значение.';
export const CONFLICT_MESSAGE = 'Запись с такими данными уже существует.';

/** PostgreSQL SQLSTATE codes (class 22 "data exception", 23 "integrity constraint", 54 "program limit"). */
const POSTGRES: Record<string, { status: number; message: string }> = {
  '22001': { status: 400, message: INVALID_VALUE_MESSAGE }, // string_data_right_truncation
  '22003': { status: 400, message: INVALID_VALUE_MESSAGE }, // numeric_value_out_of_range (ids past integer)
  '22007': { status: 400, message: INVALID_VALUE_MESSAGE }, // invalid_datetime_format
  '22008': { status: 400, message: INVALID_VALUE_MESSAGE }, // datetime_field_overflow
  '22021': { status: 400, message: INVALID_VALUE_MESSAGE }, // character_not_in_repertoire (NUL in text)
  '22P02': { status: 400, message: INVALID_VALUE_MESSAGE }, // invalid_text_representation
  '22P05': { status: 400, message: INVALID_VALUE_MESSAGE }, // untranslatable_character
  '23502': { status: 400, message: INVALID_VALUE_MESSAGE }, // not_null_violation
  '23503': { status: 409, message: REFERENCE_MESSAGE }, // foreign_key_violation
  '23505': { status: 409, message: CONFLICT_MESSAGE }, // unique_violation
  '23514': { status: 400, message: INVALID_VALUE_MESSAGE }, // check_violation
  '54000': { status: 413, message: TOO_LARGE_MESSAGE }, // program_limit_exceeded (index row too big)
};

/** better-sqlite3 error codes of the same kinds. */
const SQLITE: Record<string, { status: number; message: string }> = {
  SQLITE_CONSTRAINT_FOREIGNKEY: { status: 409, message: REFERENCE_MESSAGE },
  SQLITE_CONSTRAINT_UNIQUE: { status: 409, message: CONFLICT_MESSAGE },
  SQLITE_CONSTRAINT_PRIMARYKEY: { status: 409, message: CONFLICT_MESSAGE },
  SQLITE_CONSTRAINT_NOTNULL: { status: 400, message: INVALID_VALUE_MESSAGE },
  SQLITE_CONSTRAINT_CHECK: { status: 400, message: INVALID_VALUE_MESSAGE },
  SQLITE_MISMATCH: { status: 400, message: INVALID_VALUE_MESSAGE },
  SQLITE_TOOBIG: { status: 413, message: TOO_LARGE_MESSAGE },
};

/** The client error a database error stands for, or null when it is not one (then it is a real 500). */
export function databaseClientError(error: unknown): HttpError | null {
  if (typeof error !== 'object' || error === null) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return null;
  const known = POSTGRES[code] ?? SQLITE[code];
  if (!known) return null;
  // A reference to a missing record is bad input; a record still referenced by others is a conflict.
  if (code === '23503' && !/still referenced/.test(String((error as { detail?: unknown }).detail ?? ''))) {
    return new HttpError(400, REFERENCE_MESSAGE);
  }
  return new HttpError(known.status, known.message);
}

/** Socket errors and PostgreSQL codes that mean "no usable connection" rather than "this query is wrong". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '53300',
  // query_canceled: the statement ran past `statement_timeout` (DB_QUERY_TIMEOUT_MS), an overloaded or stuck server.
  '57014',
  '57P01',
  '57P02',
  '57P03',
]);
/** What node-postgres says when a connection ends, cannot be had in time, or gives no answer within `query_timeout`. */
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout/;

/**
 * Whether an error means the database cannot be reached or does not answer in time (down, restarting, frozen, the
 * network cut or silent): answered 503 and retried by the pool on the next request, never a 500. Class 08 of
 * SQLSTATE is "connection exception".
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  // Node reports a refused connection to every address of a host as one AggregateError.
  return Array.isArray(errors) && errors.some(isDatabaseUnavailable);
}
