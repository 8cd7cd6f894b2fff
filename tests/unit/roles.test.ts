import { describe, expect, it } from 'vitest';
import type { ChangedRecord } from '../../server/cache/changeJournal.js';
import { actionOfRoute } from '../../server/auth/guard.js';
import { RolesCache, ROLES_RESOURCE, type ChangeFeed } from '../../server/roles/cache.js';
import type { Db } from '../../server/db/schema.js';
import { storedPermissions } from '../../server/roles/permissions.js';

/** A feed of changes as the page cache keeps them: each change with its records, or null when not known record by record. */
class Changes implements ChangeFeed {
  private readonly entries: (ChangedRecord[] | null)[] = [];
  get generation(): number {
    return this.entries.length;
  }
  add(changed: ChangedRecord[] | null): void {
    this.entries.push(changed);
  }
  changesSince(generation: number): ChangedRecord[] | null {
    const since = this.entries.slice(generation);
    return since.includes(null) ? null : (since.flat() as ChangedRecord[]);
  }
}

/** A database that answers the roles' rows and counts how often they were read. */
function rolesTable(rows: { name: string; permissions: string }[]) {
  const reads = { count: 0 };
  const query = {
    select: () => query,
    where: () => query,
    execute: async () => {
      reads.count++;
      return rows;
    },
  };
  return { db: { selectFrom: () => query } as unknown as Db, reads };
}

describe('the roles’ cache', () => {
  it('reads the roles once, again only after a change of a role or one not known record by record', async () => {
    const rows = [{ name: 'press', permissions: '{"news":["read","edit"]}' }];
    const { db, reads } = rolesTable(rows);
    const changes = new Changes();
    const cache = new RolesCache(db, changes);
    expect(await cache.permissionsOf('press')).toEqual({ news: ['read', 'edit'] });
    expect(await cache.permissionsOf('press')).toEqual({ news: ['read', 'edit'] });
    expect(reads.count).toBe(1);

    changes.add([{ resource: 'news', id: 1 }]);
    await cache.permissionsOf('press');
    expect(reads.count).toBe(1);

    rows[0] = { name: 'press', permissions: '{"news":["read"]}' };
    changes.add([{ resource: ROLES_RESOURCE, id: 3 }]);
    expect(await cache.permissionsOf('press')).toEqual({ news: ['read'] });
    expect(reads.count).toBe(2);

    changes.add(null);
    await cache.permissionsOf('press');
    expect(reads.count).toBe(3);
  });

  it('answers the built-in roles without reading, and no rights for a name no role has', async () => {
    const { db, reads } = rolesTable([]);
    const cache = new RolesCache(db, new Changes());
    expect((await cache.permissionsOf('MANAGER')).roles).toEqual(['read', 'edit', 'delete']);
    expect((await cache.permissionsOf('USER')).users).toBeUndefined();
    expect(reads.count).toBe(0);
    expect(await cache.permissionsOf('gone')).toEqual({});
  });
});

describe('the action a route needs', () => {
  it.each([
    ['GET', '/api/admin/news', 'read'],
    ['HEAD', '/api/admin/news/:id', 'read'],
    ['POST', '/api/admin/news/preview/:id', 'read'],
    ['POST', '/api/admin/news/add', 'edit'],
    ['POST', '/api/admin/news/update/:id', 'edit'],
    ['POST', '/api/admin/news/draft/:id', 'edit'],
    ['POST', '/api/admin/news/submit/:id', 'edit'],
    ['POST', '/api/admin/news/remove-img/:id', 'edit'],
    ['PUT', '/api/admin/menus/:id', 'edit'],
    ['POST', '/api/admin/news/publish-draft/:id', 'publish'],
    ['POST', '/api/admin/news/request-changes/:id', 'publish'],
    ['POST', '/api/admin/photobank/logo/remove/:id', 'delete'],
    ['DELETE', '/api/admin/menus/:id', 'delete'],
  ])('%s %s needs %s', (method, url, action) => {
    expect(actionOfRoute(method, url)).toBe(action);
  });

  it('keeps of stored rights only the resources and actions still offered', () => {
    expect(storedPermissions('{"news":["read","fly"],"gone":["read"],"redirects":["publish"]}')).toEqual({ news: ['read'] });
    expect(storedPermissions('not json')).toEqual({});
  });
});
