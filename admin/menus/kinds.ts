import { MENU_KINDS } from '@lib/types.js';

export const MENU_KIND_CHOICES = MENU_KINDS.map((kind) => ({ id: kind, name: `app.menus.kinds.${kind}` }));
