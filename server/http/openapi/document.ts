import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { RESOURCES } from '../../../lib/resources/index.js';
import { SECURITY_SCHEMES } from './security.js';
import { transformRoute } from './transform.js';

/** The admin resources' tag: one per resource declaration. */
export const resourceTag = (name: string): string => `admin/${name}`;

/** The groups of operations, in the order the document lists them. */
export const TAGS = {
  service: { name: 'service', description: 'What the API is, and whether the process and its dependencies answer.' },
  news: { name: 'news', description: 'Public reads of the news.' },
  media: { name: 'media', description: 'Public reads of the media section: own articles, press items, videos, sources.' },
  site: { name: 'site', description: 'Menus, social networks, text pages and the security contact of the site.' },
  photobank: { name: 'photobank', description: 'Logos, colours and photos to download.' },
  lists: { name: 'lists', description: 'The public lists the resource declarations name (investor documents) and their downloads.' },
  search: { name: 'search', description: 'Full-text search of the site and of the admin.' },
  sessions: { name: 'sessions', description: 'Sign-in, two-factor sign-in, session refresh and sign-out (cookies).' },
  account: { name: 'account', description: 'The signed-in account: profile, two-factor sign-in, security settings.' },
  admin: { name: 'admin', description: 'The admin beside its resources: the signed-in user, calendar, trash, presence, kept form versions.' },
} as const;

/** The options of @fastify/swagger: the document's frame, and the transform that describes each route. */
export function swaggerOptions(publicUrl: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'API корпоративного сайта',
        version: '2.0.0',
        description:
          'Public reads, sessions and the admin API. Every success body is `{ "data": … }`; every error body is `{ "message": "…", "errors": { "field": ["…"] } }`.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: publicUrl, description: 'This site (PUBLIC_URL).' }],
      tags: [
        ...Object.values(TAGS),
        ...RESOURCES.map((resource) => ({ name: resourceTag(resource.name), description: `The admin resource \`${resource.name}\`.` })),
      ],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    hideUntagged: false,
    stripBasePath: false,
    convertConstToEnum: false,
    transform: transformRoute,
  };
}
