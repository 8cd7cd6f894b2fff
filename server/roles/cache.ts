import type { ChangedRecord } from '../cache/changeJournal.js';
import type { Db } from '../db/schema.js';
import { builtinPermissions, isBuiltinRole, type Permissions } from '../../lib/resources/rights.js';
import { storedPermissions } from './permissions.js';

/** What tells the roles' cache that some process changed a role: the page cache's changes, which every process hears. */
export interface ChangeFeed {
  readonly generation: number;
  changesSince(generation: number): ChangedRecord[] | null;
}

/** The resource name under which a role's writes are recorded (audit log, page cache changes). */
export const ROLES_RESOURCE = 'roles';

const BUILTIN = { USER: builtinPermissions('USER'), MANAGER: builtinPermissions('MANAGER') } as const;

/**
 * The rights of each role, read once and kept: every admin request asks for its account's. A role's write is a
 * change of the page cache like any admin write (recorded under `roles`), which the processes sharing the database
 * announce to each other; a change since the roles were read that touched a role, or one not known record by record
 * (a restore, a lost connection), makes the next request read them again.
 */
export class RolesCache {
  private roles: Promise<Map<string, Permissions>> | null = null;
  private readAt = -1;

  constructor(
    private readonly db: Db,
    private readonly changes: ChangeFeed,
  ) {}

  /** The rights of a role by its name; none for a name no role has (a role removed under a restored account). */
  async permissionsOf(role: string): Promise<Permissions> {
    if (isBuiltinRole(role)) return BUILTIN[role];
    return (await this.current()).get(role) ?? {};
  }

  private current(): Promise<Map<string, Permissions>> {
    const generation = this.changes.generation;
    if (this.roles && generation !== this.readAt) {
      const changed = this.changes.changesSince(this.readAt);
      if (changed === null || changed.some((record) => record.resource === ROLES_RESOURCE)) this.roles = null;
      else this.readAt = generation;
    }
    if (!this.roles) {
      // The generation is taken before reading, so a change made while the roles are read is seen next time.
      this.readAt = generation;
      const reading = this.read();
      this.roles = reading;
      reading.catch(() => {
        if (this.roles === reading) this.roles = null;
      });
    }
    return this.roles;
  }

  private async read(): Promise<Map<string, Permissions>> {
    const rows = await this.db.selectFrom('roles').select(['name', 'permissions']).where('builtin', '=', 0).execute();
    return new Map(rows.map((row) => [row.name, storedPermissions(row.permissions)]));
  }
}
