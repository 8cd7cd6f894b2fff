import type { MenuItem, NetworkCollection } from '@lib/types.js';

export interface LayoutData {
  menus: { main: MenuItem[]; header: MenuItem[]; footer: MenuItem[]; payment: MenuItem[] };
  networks: NetworkCollection[];
}
