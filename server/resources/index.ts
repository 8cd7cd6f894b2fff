import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { RESOURCES, resourceNamed, type ResourceName } from '../../lib/resources/index.js';
import { multipartLimits } from '../records/upload.js';
import { requireAccess } from '../auth/guard.js';
import type { ResourceHooks } from './hooks.js';
import { auditLogHooks } from './hooks/audit-log.js';
import { assetFolderHooks } from './hooks/asset-folders.js';
import { assetHooks } from './hooks/assets.js';
import { enquiryHooks } from './hooks/enquiries.js';
import { mediaSourceHooks } from './hooks/media-source.js';
import { mediaVideoHooks } from './hooks/media-video.js';
import { menuHooks, networkHooks } from './hooks/menus.js';
import { photobankCategoryHooks, photobankLogoHooks, photobankPhotoHooks } from './hooks/photobank.js';
import { redirectHooks } from './hooks/redirects.js';
import { usersHooks } from './hooks/users.js';
import { registerResourceRoutes } from './routes.js';

/** The few resources whose behaviour goes beyond their declaration. */
const HOOKS: Partial<Record<ResourceName, ResourceHooks>> = {
  'media-video': mediaVideoHooks,
  'media-source': mediaSourceHooks,
  'photobank-categories': photobankCategoryHooks,
  'photobank-logos': photobankLogoHooks,
  'photobank-photos': photobankPhotoHooks,
  assets: assetHooks,
  'asset-folders': assetFolderHooks,
  menus: menuHooks,
  'network-collections': networkHooks,
  redirects: redirectHooks,
  users: usersHooks,
  enquiries: enquiryHooks,
  'audit-log': auditLogHooks,
};

/** What a resource does beyond its declaration (no hooks for most). */
export const hooksOf = (name: ResourceName): ResourceHooks => HOOKS[name] ?? {};

export const tableOf = (name: string): string => {
  const resource = resourceNamed(name);
  if (!resource) throw new Error(`Unknown resource ${name}`);
  return resource.table;
};

/**
 * Every admin resource of the registry, each in its own scope that denies by default: a request must carry a
 * token whose role gives the action the matched route needs on the resource (checked on `onRequest`, before a body
 * is read). Multipart parsing
 * exists only inside the admin resources' scope.
 */
export async function adminResourceRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: multipartLimits(RESOURCES), throwFileSizeLimit: true });

  for (const resource of RESOURCES) {
    await app.register(async (scope) => {
      scope.addHook('onRequest', requireAccess({ resource: resource.name }));
      await registerResourceRoutes(scope, resource, hooksOf(resource.name), tableOf);
    });
  }
}
