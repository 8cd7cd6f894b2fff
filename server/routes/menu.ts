import type { FastifyPluginAsync } from 'fastify';
import { MENU_KINDS, type MenuKind } from '../../lib/types.js';
import { publicRead } from '../cache/publicRead.js';
import { notFound } from '../http/errors.js';

const isMenuKind = (value: string): value is MenuKind | 'all' => value === 'all' || (MENU_KINDS as readonly string[]).includes(value);

export const menuRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/menu', publicRead(), async () => ({ data: await app.content.menu.tree('all') }));

  app.get<{ Params: { kind: string } }>('/api/menu/:kind', publicRead(), async (request) => {
    const { kind } = request.params;
    if (!isMenuKind(kind)) throw notFound('Такого меню нет.');
    return { data: await app.content.menu.tree(kind) };
  });
};
