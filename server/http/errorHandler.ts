import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { StorageUnavailableError } from '../files/s3Store.js';
import { databaseClientError, isDatabaseUnavailable } from './databaseErrors.js';
import { installAllowedMethods, type MethodsAt } from './allowedMethods.js';
import { PRECONDITION_FAILED_MESSAGE, RANGE_NOT_SATISFIABLE_MESSAGE } from './conditions.js';
import { REQUEST_ID_HEADER } from './requestId.js';
import { HttpError } from './errors.js';

/** Russian messages for the 4xx errors Fastify itself raises on malformed requests. */
const FRAMEWORK_MESSAGES: Record<number, string> = {
  400: 'Некорректный запрос.',
  404: 'Не найдено.',
  405: 'Метод не поддерживается.',
  406: 'Неприемлемый формат ответа.',
  412: PRECONDITION_FAILED_MESSAGE,
  413: 'Слишком большой запрос или файл.',
  414: 'Слишком длинный адрес запроса.',
  415: 'Неподдерживаемый тип данных.',
  416: RANGE_NOT_SATISFIABLE_MESSAGE,
  429: 'Слишком много запросов. Попробуйте позже.',
};

export const DATABASE_UNAVAILABLE_READ = 'Сервис временно недоступен: нет связи с базой данных. Попробуйте через минуту.';
export const DATABASE_UNAVAILABLE_WRITE = 'Изменения не сохранены: нет связи с базой данных. Попробуйте ещё раз через минуту.';
export const STORAGE_UNAVAILABLE_READ = 'Файл временно недоступен: нет связи с хранилищем файлов. Попробуйте через минуту.';
export const STORAGE_UNAVAILABLE_WRITE = 'Изменения не сохранены: нет связи с хранилищем файлов. Попробуйте ещё раз через минуту.';

/** A dependency that is down for now: 503 with a Russian message that says whether anything was saved. */
function unavailableMessage(error: unknown, request: FastifyRequest): string | null {
  const reading = request.method === 'GET' || request.method === 'HEAD';
  if (isDatabaseUnavailable(error)) return reading ? DATABASE_UNAVAILABLE_READ : DATABASE_UNAVAILABLE_WRITE;
  if (error instanceof StorageUnavailableError) return reading ? STORAGE_UNAVAILABLE_READ : STORAGE_UNAVAILABLE_WRITE;
  return null;
}

/**
 * The challenge of every 401: the API takes a bearer token (the session endpoints take their cookie or form, and
 * answer with the same scheme, which is what the client gets next). A token that was sent and refused is named.
 */
function challenge(request: FastifyRequest): string {
  return request.headers.authorization === undefined ? 'Bearer realm="api"' : 'Bearer realm="api", error="invalid_token"';
}

const sendHttpError = (request: FastifyRequest, reply: FastifyReply, error: HttpError) => {
  if (error.statusCode === 401) reply.header('www-authenticate', challenge(request));
  return reply.code(error.statusCode).send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}), ...error.details });
};

/**
 * Errors Fastify raises before a route is found (a path that is not valid percent-encoding, a failed route
 * constraint): passed to Fastify as `frameworkErrors`, so they get the same Russian `{ message }` as the rest.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ err: error }, 'malformed request');
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply
    .code(status)
    .header(REQUEST_ID_HEADER, request.id)
    .send({ message: FRAMEWORK_MESSAGES[status] ?? FRAMEWORK_MESSAGES[400] });
}

/**
 * Every error leaves as `{ message, errors? }` with its status. Anything that is not a known client error is
 * logged and answered 500 without details; bad input must never reach that branch. A request no route takes is
 * 404, or 405 with `Allow` where routes answer other methods (`methodsAt`).
 */
export function installErrorHandler(app: FastifyInstance, methodsAt: MethodsAt): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) return sendHttpError(request, reply, error);
    const unavailable = unavailableMessage(error, request);
    if (unavailable) {
      request.log.warn({ err: error }, 'a dependency is unavailable');
      return reply.code(503).header('Retry-After', '10').send({ message: unavailable });
    }
    const refused = databaseClientError(error);
    if (refused) {
      request.log.warn({ err: error }, 'database refused a value that validation let through');
      return sendHttpError(request, reply, refused);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // What the error says about the resource (a 416's `Content-Range: bytes */<length>` from the file server).
      if ('headers' in error && error.headers) reply.headers(error.headers as Record<string, string>);
      request.log.info({ err: error }, 'client error');
      return reply.code(status).send({ message: FRAMEWORK_MESSAGES[status] ?? FRAMEWORK_MESSAGES[400] });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'Внутренняя ошибка сервера.' });
  });

  installAllowedMethods(app, methodsAt, (_request, reply) => reply.code(404).send({ message: 'This page could not be found' }));
}
