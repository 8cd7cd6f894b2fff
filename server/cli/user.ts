/**
 * Account management from the command line: `npm run user -- <command> [options]`.
 * Uses the same configuration as the server (DATABASE_URL, DATA_DIR) and applies pending migrations first.
 */
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { insertAudit } from '../records/audit.js';
import {
  countOtherActiveManagers,
  createUser,
  emailSchema,
  findUserByEmail,
  LAST_MANAGER_MESSAGE,
  nameSchema,
  PASSWORD_MAX,
  PASSWORD_MIN,
  passwordSchema,
  roleChangeDetails,
  roleSchema,
  updateUser,
  type UserChanges,
} from '../auth/accounts.js';
import { generatePassword, usePasswordHashCost } from '../auth/passwords.js';
import { removeTwoFactor } from '../auth/twoFactor.js';
import { loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Database } from '../db/schema.js';
import { HttpError } from '../http/errors.js';

const USAGE = `Usage: npm run user -- <command> [options]

Commands:
  create --email E [--name N] [--role USER|MANAGER|<role>] [--password P]
                              Create an account (role USER by default). Without --password a password is
                              generated and printed once. --password - reads it from standard input.
  reset-password --email E [--password P]
                              Set a new password (generated and printed when not given); ends all sessions.
  set-role --email E --role USER|MANAGER|<role>
                              Change the role; ends all sessions.
  deactivate --email E        Block the account; ends all sessions.
  activate --email E          Unblock the account.
  reset-2fa --email E         Turn off two-factor sign-in (lost phone); ends all sessions. The account signs
                              in with its password and may enrol again in its profile.
  list                        Print all accounts.
  help                        Show this text.

The database is the server's: DATABASE_URL (PostgreSQL) or DATA_DIR/site.db (SQLite, default ./data).
Passwords are ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`;

class CliError extends Error {}

interface Options {
  email?: string;
  name?: string;
  role?: string;
  password?: string;
}

function check<T extends z.ZodType>(schema: T, value: unknown, option: string): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new CliError(`--${option}: ${result.error.issues.map((issue) => issue.message).join(' ')}`);
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** The password given (or read from stdin for `-`), or a generated one that must be printed. */
async function passwordOption(value: string | undefined): Promise<{ password: string; generated: boolean }> {
  if (value === undefined) return { password: generatePassword(), generated: true };
  const password = value === '-' ? await readStdin() : value;
  return { password: check(passwordSchema, password, 'password'), generated: false };
}

function requireEmail(options: Options): string {
  if (options.email === undefined) throw new CliError('--email is required.');
  return check(emailSchema, options.email, 'email');
}

async function existingUser(db: Kysely<Database>, email: string) {
  const user = await findUserByEmail(db, email);
  if (!user) throw new CliError(`No account with the e-mail ${email}.`);
  return user;
}

async function change(db: Kysely<Database>, email: string, changes: UserChanges, action: string): Promise<void> {
  const user = await existingUser(db, email);
  const result = await updateUser(db, user.id, changes, (trx, updated, previousRole) =>
    insertAudit(trx, {
      action,
      resource: 'users',
      recordId: user.id,
      actor: { id: null, email: 'cli' },
      ip: 'cli',
      details: roleChangeDetails(updated.role, previousRole),
    }),
  );
  if (!result) throw new CliError(`No account with the e-mail ${email}.`);
}

async function run(command: string, options: Options, db: Kysely<Database>): Promise<string> {
  switch (command) {
    case 'create': {
      const email = requireEmail(options);
      const name = check(nameSchema, options.name ?? email.split('@')[0], 'name');
      const role = check(roleSchema, options.role ?? 'USER', 'role');
      const { password, generated } = await passwordOption(options.password);
      const user = await createUser(db, { email, name, role, password, active: 1 }, (trx, created) =>
        insertAudit(trx, {
          action: 'create',
          resource: 'users',
          recordId: created.id,
          actor: { id: null, email: 'cli' },
          ip: 'cli',
          details: roleChangeDetails(created.role, null),
        }),
      );
      return `Created ${user.role} ${user.email} (id ${user.id}).${generated ? `\nPassword: ${password}` : ''}`;
    }
    case 'reset-password': {
      const email = requireEmail(options);
      const { password, generated } = await passwordOption(options.password);
      await change(db, email, { password }, 'update');
      return `Password of ${email} changed; its sessions have ended.${generated ? `\nPassword: ${password}` : ''}`;
    }
    case 'set-role': {
      const email = requireEmail(options);
      if (options.role === undefined) throw new CliError('--role is required (USER, MANAGER or the name of a role).');
      const role = check(roleSchema, options.role, 'role');
      await change(db, email, { role }, 'update');
      return `${email} is now ${role}; its sessions have ended.`;
    }
    case 'deactivate': {
      const email = requireEmail(options);
      const user = await existingUser(db, email);
      if (user.role === 'MANAGER' && user.active === 1 && (await countOtherActiveManagers(db, user.id)) === 0) {
        throw new CliError(`${LAST_MANAGER_MESSAGE} (${email} is the last active MANAGER.)`);
      }
      await change(db, email, { active: 0 }, 'update');
      return `${email} is deactivated; its sessions have ended.`;
    }
    case 'activate': {
      const email = requireEmail(options);
      await change(db, email, { active: 1 }, 'update');
      return `${email} is active.`;
    }
    case 'reset-2fa': {
      const email = requireEmail(options);
      const user = await existingUser(db, email);
      if (user.two_factor !== 1) throw new CliError(`${email} does not use two-factor sign-in.`);
      await removeTwoFactor(db, user.id);
      await insertAudit(db, { action: 'reset-2fa', resource: 'users', recordId: user.id, actor: { id: null, email: 'cli' }, ip: 'cli' });
      return `Two-factor sign-in of ${email} is off; its sessions have ended.`;
    }
    case 'list': {
      const users = await db.selectFrom('users').select(['id', 'email', 'name', 'role', 'active', 'two_factor']).orderBy('id').execute();
      return (
        users
          .map((user) => `${user.id}\t${user.email}\t${user.role}\t${user.active ? 'active' : 'inactive'}\t${user.name}${user.two_factor ? '\t2fa' : ''}`)
          .join('\n') || 'No accounts.'
      );
    }
    default:
      throw new CliError(`Unknown command "${command}".\n\n${USAGE}`);
  }
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string' },
        password: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    process.stderr.write(`Error: ${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  const [command, ...extra] = parsed.positionals;
  if (!command || command === 'help' || parsed.values.help) {
    process.stdout.write(`${USAGE}\n`);
    return command || parsed.values.help ? 0 : 2;
  }
  if (extra.length > 0) {
    process.stderr.write(`Error: unexpected arguments: ${extra.join(' ')}\n\n${USAGE}\n`);
    return 2;
  }

  const config = loadConfig();
  usePasswordHashCost(config.passwordHashCost);
  const { db } = connectDatabase(config);
  try {
    await migrateToLatest(db as Kysely<unknown>);
    process.stdout.write(`${await run(command, parsed.values, db)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof CliError) process.stderr.write(`Error: ${error.message}\n`);
    else if (error instanceof HttpError) {
      const details = Object.values(error.errors ?? {}).flat();
      const extraDetails = details.filter((detail) => detail !== error.message);
      process.stderr.write(`Error: ${[error.message, ...extraDetails].join(' ')}\n`);
    } else process.stderr.write(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main(process.argv.slice(2));
