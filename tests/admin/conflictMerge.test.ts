import { describe, expect, it } from 'vitest';
import { flag, html, text } from '../../lib/resources/fields.js';
import { planMerge, sideResolutions, type Conflict } from '../../admin/conflicts/merge.js';
import { sameText, withoutTypography } from '../../lib/merge.js';
import { bothHtml } from '../../lib/mergeBoth.js';

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

  it('the quick choices decide the overlaps only: what was merged without asking stays either way', () => {
    const plan = planMerge(
      fields,
      conflictOf({ title: 'Мой заголовок', lead: 'Мой анонс', content: '<p>Один, мой.</p><p>Два.</p>' }),
      { ...base, version: 2, title: 'Их заголовок', published: 0, content: '<p>Один, их.</p><p>Два, их.</p>' },
      readers,
    );
    expect(plan.overlaps.map((overlap) => overlap.key)).toEqual(['title', 'content#1']);
    expect(plan.values(sideResolutions(plan.overlaps, 'mine'))).toMatchObject({
      title: 'Мой заголовок',
      lead: 'Мой анонс',
      published: 0,
      content: '<p>Один, мой.</p><p>Два, их.</p>',
    });
    expect(plan.values(sideResolutions(plan.overlaps, 'theirs'))).toMatchObject({
      title: 'Их заголовок',
      lead: 'Мой анонс',
      published: 0,
      content: '<p>Один, их.</p><p>Два, их.</p>',
    });
  });
});

describe('typography is no change', () => {
  it('texts differing in no-break spaces, quotes, dashes and the ellipsis only are the same text', () => {
    expect(sameText('В\u00a02024 году «Смарт»\u00a0— лидер…', 'В 2024 году "Смарт" - лидер...')).toBe(true);
    expect(sameText('<p>А&nbsp;&mdash; &laquo;Б&raquo;</p>', '<p>А - "Б"</p>')).toBe(true);
    expect(sameText('Рост 18\u00a0%', 'Рост 18%')).toBe(true);
    expect(sameText('Смарт', 'Смарт!')).toBe(false);
    expect(withoutTypography('  «а»  —  б ')).toBe('"а" - б');
  });

  it('a side that only typeset a field or a paragraph changed nothing: the other side’s change is merged', () => {
    // The version both started from is typeset; the editor's form holds it as typed, the saved one typeset again.
    const typeset = planMerge(
      fields,
      {
        ...conflictOf({ title: '"Заголовок" - новый', content: '<p>Один - первый.</p><p>Два, моё.</p>' }),
        base: { ...base, title: '«Заголовок»\u00a0— новый', content: '<p>Один\u00a0— первый.</p><p>Два.</p>' },
      },
      { ...base, title: '«Заголовок»\u00a0— новый, их', content: '<p>Один\u00a0— первый, их.</p><p>Два.</p>' },
      readers,
    );
    expect(typeset.overlaps).toEqual([]);
    expect(typeset.merged).toEqual([
      { name: 'title', by: 'theirs' },
      { name: 'content', by: 'both' },
    ]);
    expect(typeset.values({})).toMatchObject({ title: '«Заголовок»\u00a0— новый, их', content: '<p>Один\u00a0— первый, их.</p><p>Два, моё.</p>' });
  });
});

describe('«Обе: сначала ваша» merges the place by its content', () => {
  const list = (...items: string[]) => `<ul>${items.map((item) => `<li><p>${item}</p></li>`).join('')}</ul>`;

  it('a list both changed keeps every item nobody touched once, and both changes', () => {
    const before = { ...base, content: `<p>Вступление.</p>${list('Первый', 'Второй', 'Третий', 'Четвёртый')}` };
    const listed = planMerge(
      fields,
      { base: before, mine: { ...before, content: `<p>Вступление.</p>${list('Первый, мой', 'Второй', 'Третий', 'Четвёртый')}` }, savedBy: null, savedAt: null },
      { ...before, content: `<p>Вступление.</p>${list('Первый', 'Второй', 'Третий', 'Четвёртый, их')}` },
      readers,
    );
    const [overlap] = listed.overlaps;
    expect(overlap?.key).toBe('content#1');
    expect(overlap?.both).toBe(list('Первый, мой', 'Второй', 'Третий', 'Четвёртый, их'));
    expect(listed.values({ 'content#1': overlap?.both })).toMatchObject({
      content: `<p>Вступление.</p>${list('Первый, мой', 'Второй', 'Третий', 'Четвёртый, их')}`,
    });
  });

  it('an item both changed keeps both versions, the editor’s first; items typeset on one side only are not changed', () => {
    const before = list('Первый - пункт', 'Второй', 'Третий');
    expect(bothHtml(before, list('Первый - пункт', 'Второй, мой', 'Третий'), list('Первый\u00a0— пункт', 'Второй, их', 'Третий'))).toBe(
      '<ul><li><p>Первый - пункт</p></li><li><p>Второй, мой</p><p>Второй, их</p></li><li><p>Третий</p></li></ul>',
    );
  });

  it('a list both changed is merged item by item even with a block one side added beside it', () => {
    const before = list('Первый', 'Второй', 'Третий');
    expect(bothHtml(before, `${list('Первый, мой', 'Второй', 'Третий')}<p></p>`, list('Первый', 'Второй', 'Третий, их'))).toBe(
      `${list('Первый, мой', 'Второй', 'Третий, их')}<p></p>`,
    );
  });

  it('paragraphs one side kept as they were are not repeated after the other side’s version of them', () => {
    const before = '<p>Один.</p><p>Два.</p><p>Три.</p>';
    const mine = '<p>Один.</p><p>Два, моё.</p><p>Три.</p>';
    const theirs = '<p>Один.</p><p>Два, их.</p><p>Три, их.</p><p>Четыре, их.</p>';
    expect(bothHtml(before, mine, theirs)).toBe('<p>Один.</p><p>Два, моё.</p><p>Два, их.</p><p>Три, их.</p><p>Четыре, их.</p>');
    expect(bothHtml('<p>Два.</p>', '<p>Два, моё.</p>', '<p>Два, их.</p>')).toBe('<p>Два, моё.</p><p>Два, их.</p>');
  });
});
