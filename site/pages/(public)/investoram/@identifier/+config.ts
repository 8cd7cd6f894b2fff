import type { Config } from 'vike/types';

/** The investor section's text pages exist in English too: translated, or in Russian with a notice. */
export default { inEnglish: true } satisfies Config;
