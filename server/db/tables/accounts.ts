import type { Generated, Selectable } from 'kysely';
import type { CreatedAt, Flag, Timestamp, Versioned } from './columns.js';

/** Staff accounts and their sessions, second factors, limits and settings. */

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  password_hash: string;
  /** USER, MANAGER or the name of a role a MANAGER added (`roles`). */
  role: string;
  active: Flag;
  /** Bumped on logout, password change, role change and deactivation: tokens of older versions stop working. */
  token_version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

// The two-factor columns of `users` (migration 0004_two_factor), merged into the interface above.
export interface UsersTable {
  /** 1 once the account confirmed a TOTP code at enrolment; then every sign-in needs a code. */
  two_factor: Generated<Flag>;
  /** The base32 TOTP secret of an enrolled account; null without two-factor sign-in. */
  totp_secret: string | null;
  /** A secret offered at setup and not yet confirmed with a code. */
  totp_pending_secret: string | null;
  /** The last TOTP time step accepted for this account: a code of that step or an earlier one is refused. */
  totp_last_step: number | null;
}

/** One refresh token of a login session, stored as the SHA-256 of the opaque value the cookie holds. */
export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  /** Hex SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  /** Shared by every token rotated from one login; reuse of a rotated token revokes the whole family. */
  family: string;
  expires_at: Timestamp;
  /** When the token was exchanged for a new one; a used token is kept only to detect reuse. */
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

export type RefreshTokenRow = Selectable<RefreshTokensTable>;
export type UserRow = Selectable<Versioned<UsersTable>>;

/** One-time recovery codes of an account with two-factor sign-in, stored as SHA-256 hashes. */
export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  /** When the code was used; a used code never works again. */
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** A sign-in waiting for its second step: the password was right, the code is still to come. */
export interface LoginChallengesTable {
  id: Generated<number>;
  user_id: number;
  /** Hex SHA-256 of the opaque challenge the client holds. */
  token_hash: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

/** Site settings a MANAGER changes in the admin, as key/value text. */
export interface SettingsTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}

/** One counted request of a rate limit (`server/auth/rateLimit.ts`): shared by every process on the database. */
export interface RateLimitHitsTable {
  id: Generated<number>;
  /** Which limit (`login-ip`, `refresh-account`, …). */
  bucket: string;
  /** What it limits: an IP address or an account id. */
  key: string;
  at: string;
}

/** The roles accounts may have: the two built-in ones, and those a MANAGER added with their rights (JSON). */
export interface RolesTable {
  id: Generated<number>;
  name: string;
  title: string;
  builtin: Flag;
  /** `{ "<resource>": ["read", "edit", "publish", "delete"] }`; `{}` for a built-in role, whose rights are declared. */
  permissions: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}
