import type { FastifyRequest } from 'fastify';
import { withoutPreviewToken } from '../preview/links.js';

/** Pino logger options, or false for none (tests); `stream` receives the log lines instead of standard output. */
export type LoggerSetting = boolean | { level: string; stream?: { write(line: string): void } };

/** Fastify's own summary of a request for its log lines, the address without a preview link's token. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: withoutPreviewToken(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export function loggerOptions(logger: LoggerSetting) {
  if (logger === false) return false;
  return { ...(logger === true ? {} : logger), serializers: { req: requestForLog } };
}
