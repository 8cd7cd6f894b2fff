import type { Config } from 'vike/types';

export default { guards: ['pageParam'], inEnglish: true } satisfies Config;
