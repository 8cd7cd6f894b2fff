import type { Config } from 'vike/types';

export default { guards: ['pageParam'] } satisfies Config;
