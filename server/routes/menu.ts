import type { FastifyPluginAsync } from 'fastify';
import { MENU_KINDS, type MenuKind } from '../../lib/types.js';
import { publicRead } from '../cache/publicRead.js';
import { notFound } from '../http/errors.js';
import { SITE_DOCS } from './openapi/site.js';

const isMenuKind = (value: string): value is MenuKind | 'all' => value === 'all' || (MENU_KINDS as readonly string[]).includes(value);

export const menuRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/menu', { schema: SITE_DOCS.menus, ...publicRead() }, async () => ({ data: await app.content.menu.tree('all') }));

  app.get<{ Params: { kind: string } }>('/api/menu/:kind', { schema: SITE_DOCS.menu, ...publicRead() }, async (request) => {
    const { kind } = request.params;
    if (!isMenuKind(kind)) throw notFound('Такого меню нет.');
    return { data: await app.content.menu.tree(kind) };
  });
};
