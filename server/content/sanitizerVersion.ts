/**
 * The version of the sanitiser's rules (./sanitize.ts: configurations, hooks, nesting limit). Bump it with any
 * change that would clean stored HTML differently: at the next start, the stored rich HTML is sanitised once more
 * under the new rules. A rule that only lets more through (images of the library inside text) leaves nothing to
 * clean again: what was stored before was cleaned under stricter rules. Kept apart from the rules so that reading it
 * at start does not load a DOM into the thread that answers requests.
 */
export const SANITIZER_POLICY_VERSION = 3;
