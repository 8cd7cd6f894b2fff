import { describe, expect, it } from 'vitest';
import { flag, html, text } from '../../lib/resources/fields.js';
import { planMerge, type Conflict } from '../../admin/conflicts/merge.js';

/** The conflict view's merge of a whole record: which fields settle by themselves, and what a resolved merge saves. */

const fields = { title: text(200), lead: text(500), content: html(), published: flag(1) };
const readers = { readable: (_: string, value: unknown) => (value === null || value === undefined ? '' : String(value)), editorHtml: (value: string) => value };
const base = { id: 1, version: 1, title: 'Заголовок', lead: null, content: '<p>Один.</p><p>Два.</p>', published: 1 };
const conflictOf = (mine: Record<string, unknown>): Conflict => ({ base, mine: { ...base, ...mine }, savedBy: null, savedAt: null });

describe('the merge of a refused save with the saved record', () => {
  it('settles every field only one side changed, and rich text both changed in different blocks', () => {
    const plan = planMerge(
      fields,
      conflictOf({ lead: 'Мой анонс', content: '<p>Один, мой.</p><p>Два.</p>' }),
      {
        ...base,
        version: 2,
        title: 'Их заголовок',
        content: '<p>Один.</p><p>Два, их.</p>',
      },
      readers,
    );
    expect(plan.overlaps).toEqual([]);
    expect(plan.merged).toEqual([
      { name: 'title', by: 'theirs' },
      { name: 'lead', by: 'mine' },
      { name: 'content', by: 'both' },
    ]);
    expect(plan.values({})).toMatchObject({ version: 1, title: 'Их заголовок', lead: 'Мой анонс', content: '<p>Один, мой.</p><p>Два, их.</p>' });
  });

  it('leaves each true overlap to the editor and saves what they resolved it to', () => {
    const plan = planMerge(
      fields,
      conflictOf({ title: 'Мой заголовок', published: 0, content: '<p>Один, мой.</p><p>Два.</p>' }),
      {
        ...base,
        title: 'Их заголовок',
        content: '<p>Один, их.</p><p>Два.</p><p>Три.</p>',
      },
      readers,
    );
    expect(plan.merged).toEqual([{ name: 'published', by: 'mine' }]);
    expect(plan.overlaps.map(({ key, mine, theirs }) => ({ key, mine, theirs }))).toEqual([
      { key: 'title', mine: 'Мой заголовок', theirs: 'Их заголовок' },
      { key: 'content#1', mine: '<p>Один, мой.</p>', theirs: '<p>Один, их.</p>' },
    ]);
    expect(plan.values({ title: 'Общий заголовок', 'content#1': '<p>Один, общий.</p>' })).toMatchObject({
      title: 'Общий заголовок',
      published: 0,
      content: '<p>Один, общий.</p><p>Два.</p><p>Три.</p>',
    });
  });
});
