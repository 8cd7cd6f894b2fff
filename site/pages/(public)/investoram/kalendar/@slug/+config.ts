import type { Config } from 'vike/types';

export default { inEnglish: true } satisfies Config;
