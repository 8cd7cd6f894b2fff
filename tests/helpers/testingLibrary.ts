import { configure } from '@testing-library/dom';

/**
 * The admin's jsdom files wait for a state as long as every other test does: 30 s, a bound for a test that hangs.
 * The first screen a worker renders imports its lazily loaded modules then, which took more than 5 s while the other
 * groups of `npm test` kept both cores busy.
 */
configure({ asyncUtilTimeout: 30_000 });
