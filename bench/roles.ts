import { builtinPermissions } from '../lib/resources/rights.js';
import { allows, type AuthUser } from '../server/auth/guard.js';
import { signAccessToken } from '../server/auth/tokens.js';
import { benchApp, measure, percentile } from './harness.js';

/** Calls of the check itself per measurement; admin requests per row of the end-to-end part. */
const CHECKS = 200_000;
const REQUESTS = 2_000;

/**
 * What checking rights costs an admin request: the check alone (the role's rights from the roles' cache, the route's
 * action, the lookup), timed over many calls, and the same admin read made by the built-in MANAGER and by a role a
 * MANAGER added with the same rights, whose difference is what a role of its own costs beside the built-in one.
 */
export async function benchRoles(): Promise<void> {
  const { app, close } = await benchApp({ seedDemo: true });
  try {
    const now = new Date().toISOString();
    const permissions = builtinPermissions('MANAGER');
    await app.db
      .insertInto('roles')
      .values({ name: 'everything', title: 'Всё', builtin: 0, permissions: JSON.stringify(permissions), created_at: now, updated_at: now })
      .execute();
    const token = async (role: string) => {
      const user = await app.db
        .insertInto('users')
        .values({ email: `${role.toLowerCase()}@bench.example`, name: role, password_hash: 'x', role, active: 1, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { authorization: `Bearer ${await signAccessToken(app.config.jwtSecret, user)}` };
    };

    const rounds: number[] = [];
    for (let round = 0; round < 5; round++) {
      const started = performance.now();
      for (let i = 0; i < CHECKS; i++) {
        const user: AuthUser = { id: 1, email: '', name: '', role: 'everything', permissions: await app.roles.permissionsOf('everything') };
        if (!allows(user, { resource: 'investor-documents' }, 'POST', '/api/admin/investor-documents/update/:id')) throw new Error('refused');
      }
      rounds.push(((performance.now() - started) / CHECKS) * 1000);
    }
    rounds.sort((a, b) => a - b);
    console.log(`rights check alone (cached role, ${CHECKS.toLocaleString('en')} calls × 5)   median ${percentile(rounds, 0.5).toFixed(3)} µs per check`);

    const manager = await token('MANAGER');
    const custom = await token('everything');
    const read = (headers: Record<string, string>) => async () => {
      const response = await app.inject({ url: '/api/admin/news?range=[0,9]', headers });
      if (response.statusCode !== 200) throw new Error(`answered ${response.statusCode}`);
    };
    for (let round = 0; round < 3; round++) {
      await measure('GET /api/admin/news as MANAGER', REQUESTS, read(manager));
      await measure('GET /api/admin/news as a role with the same rights', REQUESTS, read(custom));
    }
  } finally {
    await close();
  }
}
