/** An error with the HTTP status and the body the client gets, the shape of every error body: `{ message, errors? }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** More the client needs to act on the error (a conflict's last save), sent beside `message`. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const NOT_FOUND_MESSAGE = 'Запись не найдена.';

export function notFound(message = NOT_FOUND_MESSAGE): HttpError {
  return new HttpError(404, message);
}
