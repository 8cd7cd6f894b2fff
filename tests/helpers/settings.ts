/**
 * Settings every site a test starts has: passwords hashed at scrypt's floor for interactive logins instead of the
 * production cost, since the suite signs in thousands of times (each sign-in at the production cost takes a CPU core
 * half a second). The production cost is asserted on its own (tests/unit/config.test.ts).
 */
export const TEST_SETTINGS = { PASSWORD_HASH_COST: '14' } as const;
