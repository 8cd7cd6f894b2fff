import type { Config } from 'vike/types';

/**
 * The admin (DESIGN.md §2, §7): a client-only page (react-admin never enters the public pages' bundles) that owns
 * /admin and everything under it; react-admin routes inside it. The route is in `+route.ts`.
 */
export default {
  ssr: false,
  title: 'Управление сайтом',
} satisfies Config;
