import { describe, expect, it } from 'vitest';
import { permissionsAllow } from '../../authProvider/index.js';
import { toggled } from '../../admin/roles/PermissionsGrid.js';

describe('the roles’ grid', () => {
  it('ticks «Просмотр» with any other action, clears the row when it is unticked, and keeps the grid’s order', () => {
    expect(toggled([], 'publish', true)).toEqual(['read', 'publish']);
    expect(toggled(['read', 'publish'], 'edit', true)).toEqual(['read', 'edit', 'publish']);
    expect(toggled(['read', 'edit', 'publish'], 'edit', false)).toEqual(['read', 'publish']);
    expect(toggled(['read', 'edit', 'delete'], 'read', false)).toEqual([]);
  });
});

describe('rights in the admin', () => {
  it('publishing a resource without drafts needs «Правка»; the settings’ screens need the settings’ rights', () => {
    expect(permissionsAllow({ redirects: ['read', 'edit'] }, 'redirects', 'publish')).toBe(true);
    expect(permissionsAllow({ news: ['read', 'edit'] }, 'news', 'publish')).toBe(false);
    expect(permissionsAllow({ settings: ['read'] }, 'review')).toBe(true);
    expect(permissionsAllow({ news: ['read'] }, 'indexnow')).toBe(false);
    expect(permissionsAllow({}, 'unknown-screen')).toBe(false);
  });
});
