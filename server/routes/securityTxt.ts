import type { FastifyPluginAsync } from 'fastify';
import { publicRead } from '../cache/publicRead.js';
import { SITE_DOCS } from './openapi/site.js';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * `/.well-known/security.txt` (RFC 9116): where to report a vulnerability (`SECURITY_CONTACT`) and the policy
 * page. `Expires` is always a year ahead, as the file is generated and never goes stale.
 */
export const securityTxtRoutes: FastifyPluginAsync = async (app) => {
  app.get('/.well-known/security.txt', { schema: SITE_DOCS.securityTxt, ...publicRead() }, async (_request, reply) => {
    const lines = [
      `Contact: mailto:${app.config.securityContact}`,
      `Expires: ${new Date(Date.now() + YEAR_MS).toISOString()}`,
      'Preferred-Languages: ru, en',
      `Canonical: ${app.config.publicUrl}/.well-known/security.txt`,
    ];
    return reply.type('text/plain; charset=utf-8').send(`${lines.join('\n')}\n`);
  });
};
