import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { GENERALS_KEY, READS_KEY, refetchAfterChange, replaceRecordInCache } from '../../admin/cache.js';

function seeded() {
  const client = new QueryClient();
  const keys: unknown[][] = [
    [...GENERALS_KEY],
    [...READS_KEY],
    ['news', 'getList', { pagination: { page: 2, perPage: 25 } }],
    ['media-video', 'getList', { pagination: { page: 1, perPage: 25 } }],
    ['photobank-groups', 'getList', {}],
    ['photobank-categories', 'getList', {}],
    ['users', 'getList', {}],
    ['menus', 'getList', {}],
    ['trash', 'getList', {}],
  ];
  for (const key of keys) client.setQueryData(key, { data: [], total: 0 });
  const invalidated = () =>
    client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => JSON.stringify(query.queryKey[0]) + (query.queryKey[1] ? `/${String(query.queryKey[1])}` : ''));
  return { client, invalidated };
}

describe('refetches after writes', () => {
  it('add or edit of news, press or video refetches the lists, the generals and the most-read items', async () => {
    for (const [resource, action] of [
      ['news', 'create'],
      ['media-other', 'update'],
      ['media-video', 'create'],
      ['media-our', 'update'],
    ] as const) {
      const { client, invalidated } = seeded();
      await refetchAfterChange(client, { resource, action, records: [{ id: 1 }] });
      expect(invalidated()).toEqual(expect.arrayContaining(['"media"/generals', '"media"/reads']));
      if (resource === 'news' || resource === 'media-video') expect(invalidated()).toContain(`"${resource}"/getList`);
      expect(invalidated()).not.toContain('"users"/getList');
    }
  });

  it("a removal of a resource with a trash refetches the trash; a restore refetches the record's lists", async () => {
    const removed = seeded();
    await refetchAfterChange(removed.client, { resource: 'news', action: 'delete', records: [{ id: 1 }] });
    expect(removed.invalidated()).toContain('"trash"/getList');
    const restored = seeded();
    await refetchAfterChange(restored.client, { resource: 'news', action: 'restore', records: [{ id: 1 }] });
    expect(restored.invalidated()).toEqual(expect.arrayContaining(['"news"/getList', '"media"/generals']));
    const menu = seeded();
    await refetchAfterChange(menu.client, { resource: 'menus', action: 'delete', records: [{ id: 4 }] });
    expect(menu.invalidated()).toEqual(['"menus"/getList']);
  });

  it('any photobank change refetches the groups', async () => {
    const { client, invalidated } = seeded();
    await refetchAfterChange(client, { resource: 'photobank-categories', action: 'moveUp', records: [{ id: 3 }] });
    expect(invalidated()).toEqual(expect.arrayContaining(['"photobank-groups"/getList', '"photobank-categories"/getList']));
    expect(invalidated()).not.toContain('"media"/generals');
  });

  it('a change elsewhere leaves the media summaries alone', async () => {
    const { client, invalidated } = seeded();
    await refetchAfterChange(client, { resource: 'users', action: 'update', records: [{ id: 2 }] });
    expect(invalidated()).toEqual(['"users"/getList']);
  });

  it("replaces a record with the server's answer in every cached view", () => {
    const client = new QueryClient();
    client.setQueryData(['news', 'getOne', { id: '7' }], { id: 7, image: { src: '/a.webp' } });
    client.setQueryData(['news', 'getList', {}], {
      data: [
        { id: 7, image: { src: '/a.webp' } },
        { id: 8, image: null },
      ],
      total: 2,
    });
    replaceRecordInCache(client, 'news', { id: 7, image: null });
    expect(client.getQueryData(['news', 'getOne', { id: '7' }])).toEqual({ id: 7, image: null });
    expect(client.getQueryData(['news', 'getList', {}])).toEqual({
      data: [
        { id: 7, image: null },
        { id: 8, image: null },
      ],
      total: 2,
    });
  });
});
