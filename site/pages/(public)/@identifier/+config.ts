import type { Config } from 'vike/types';

/** Text pages at the root exist in English too: translated, or in Russian with a notice. */
export default { inEnglish: true } satisfies Config;
