import { describe, expect, it } from 'vitest';
import { joinSegments, mergeBlocks, mergeField, mergeHtml, overlapsIn, topLevelBlocks } from '../../lib/merge.js';

describe('merging one field of two saves against their base', () => {
  it('takes the change of whichever side made one', () => {
    expect(mergeField('Старый', 'Старый', 'Новый')).toEqual({ state: 'merged', value: 'Новый', by: 'theirs' });
    expect(mergeField('Старый', 'Мой', 'Старый')).toEqual({ state: 'merged', value: 'Мой', by: 'mine' });
  });

  it('needs nothing where both sides hold the same value, and asks where both changed it differently', () => {
    expect(mergeField('Старый', 'Старый', 'Старый')).toEqual({ state: 'same', value: 'Старый' });
    expect(mergeField('Старый', 'Один', 'Один')).toEqual({ state: 'same', value: 'Один' });
    expect(mergeField('Старый', 'Один', 'Другой')).toEqual({ state: 'overlap' });
  });

  it('compares values as the caller reads them', () => {
    const sameText = (a: string | null, b: string | null) => (a ?? '') === (b ?? '');
    expect(mergeField<string | null>(null, '', 'Новый', sameText)).toEqual({ state: 'merged', value: 'Новый', by: 'theirs' });
  });
});

describe('top-level blocks of rich text', () => {
  it('cuts paragraphs, headings, lists, tables and figures apart, each with its inner markup', () => {
    const html =
      '<h2>Итоги</h2><p>Текст <b>жирный</b><br>строка</p><ul><li><p>Один</p></li><li><p>Два</p></li></ul>' +
      '<table><tbody><tr><td><p>Ячейка</p></td></tr></tbody></table><figure class="image-full"><img src="/api/assets/1/file" alt=""><figcaption>Подпись</figcaption></figure>';
    expect(topLevelBlocks(html)).toEqual([
      '<h2>Итоги</h2>',
      '<p>Текст <b>жирный</b><br>строка</p>',
      '<ul><li><p>Один</p></li><li><p>Два</p></li></ul>',
      '<table><tbody><tr><td><p>Ячейка</p></td></tr></tbody></table>',
      '<figure class="image-full"><img src="/api/assets/1/file" alt=""><figcaption>Подпись</figcaption></figure>',
    ]);
  });

  it('gives the HTML back when joined, whatever it holds: bare text, a lone image, a comment, a tag left open', () => {
    for (const html of ['Просто текст', 'до<p>а</p>между<img src="x">после', '<p>а<!-- <p> --></p><p>б</p>', '<p>а</p><p>не закрыт', '<p>a < b</p><']) {
      expect(topLevelBlocks(html).join('')).toBe(html);
    }
    expect(topLevelBlocks('до<p>а</p>между<img src="x">после')).toEqual(['до<p>а</p>', 'между<img src="x">', 'после']);
    expect(topLevelBlocks('')).toEqual([]);
  });

  it('reads a long hostile input in time growing with its length', () => {
    const started = performance.now();
    topLevelBlocks('<'.repeat(200_000));
    topLevelBlocks('<p'.repeat(100_000));
    topLevelBlocks('<!--'.repeat(50_000));
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('merging blocks of two saves against their base', () => {
  const base = ['a', 'b', 'c', 'd'];

  it('keeps changes of different blocks from both sides, in the base order', () => {
    expect(mergeBlocks(base, ['A', 'b', 'c', 'd'], ['a', 'b', 'c', 'D'])).toEqual([{ kind: 'merged', blocks: ['A', 'b', 'c', 'D'] }]);
  });

  it('keeps an insertion of one side and a deletion or edit of the other', () => {
    expect(mergeBlocks(base, ['a', 'new', 'b', 'c', 'd'], ['a', 'c', 'd'])).toEqual([{ kind: 'merged', blocks: ['a', 'new', 'c', 'd'] }]);
    expect(mergeBlocks(base, ['a', 'b', 'new'], ['a', 'B', 'c', 'd'])).toEqual([{ kind: 'merged', blocks: ['a', 'B', 'new'] }]);
  });

  it('merges changes of neighbouring blocks and insertions beside a changed block', () => {
    expect(mergeBlocks(base, ['A', 'b', 'c', 'd'], ['a', 'B', 'c', 'd'])).toEqual([{ kind: 'merged', blocks: ['A', 'B', 'c', 'd'] }]);
    expect(mergeBlocks(base, ['a', 'B', 'c', 'd'], ['a', 'before', 'b', 'after', 'c', 'd'])).toEqual([
      { kind: 'merged', blocks: ['a', 'before', 'B', 'after', 'c', 'd'] },
    ]);
  });

  it('takes one change made by both sides once', () => {
    expect(mergeBlocks(base, ['a', 'B', 'c', 'd', 'e'], ['a', 'B', 'c', 'd'])).toEqual([{ kind: 'merged', blocks: ['a', 'B', 'c', 'd', 'e'] }]);
  });

  it('holds an overlap where both changed one block differently, with the base and both versions', () => {
    expect(mergeBlocks(base, ['a', 'B1', 'c', 'D'], ['A', 'B2', 'c', 'd'])).toEqual([
      { kind: 'merged', blocks: ['A'] },
      { kind: 'overlap', base: ['b'], mine: ['B1'], theirs: ['B2'] },
      { kind: 'merged', blocks: ['c', 'D'] },
    ]);
  });

  it('holds an overlap where one side edits a block the other deletes', () => {
    expect(overlapsIn(mergeBlocks(base, ['a', 'B', 'c', 'd'], ['a', 'c', 'd']))).toEqual([{ kind: 'overlap', base: ['b'], mine: ['B'], theirs: [] }]);
  });

  it('holds an overlap where both insert different blocks at one place', () => {
    expect(overlapsIn(mergeBlocks(base, ['a', 'b', 'c', 'd', 'mine'], ['a', 'b', 'c', 'd', 'theirs']))).toEqual([
      { kind: 'overlap', base: [], mine: ['mine'], theirs: ['theirs'] },
    ]);
  });

  it('widens an overlap over every change it touches', () => {
    expect(mergeBlocks(base, ['a', 'X', 'd'], ['a', 'b', 'Y', 'd'])).toEqual([
      { kind: 'merged', blocks: ['a'] },
      { kind: 'overlap', base: ['b', 'c'], mine: ['X'], theirs: ['b', 'Y'] },
      { kind: 'merged', blocks: ['d'] },
    ]);
  });
});

describe('merging rich text', () => {
  const base = '<p>Первый абзац.</p><h2>Заголовок</h2><p>Второй абзац.</p>';

  it('keeps both editors’ paragraphs when they changed different ones', () => {
    const mine = '<p>Первый абзац, дополненный.</p><h2>Заголовок</h2><p>Второй абзац.</p>';
    const theirs = '<p>Первый абзац.</p><h2>Заголовок</h2><p>Второй абзац.</p><p>Новый абзац.</p>';
    const segments = mergeHtml(base, mine, theirs);
    expect(overlapsIn(segments)).toEqual([]);
    expect(joinSegments(segments, () => '')).toBe('<p>Первый абзац, дополненный.</p><h2>Заголовок</h2><p>Второй абзац.</p><p>Новый абзац.</p>');
  });

  it('asks only for the paragraph both changed, and joins what each overlap is resolved to', () => {
    const mine = '<p>Первый абзац.</p><h2>Заголовок</h2><p>Второй абзац, мой.</p>';
    const theirs = '<p>Первый, их.</p><h2>Заголовок</h2><p>Второй абзац, их.</p>';
    const segments = mergeHtml(base, mine, theirs);
    expect(overlapsIn(segments)).toEqual([
      { kind: 'overlap', base: ['<p>Второй абзац.</p>'], mine: ['<p>Второй абзац, мой.</p>'], theirs: ['<p>Второй абзац, их.</p>'] },
    ]);
    expect(joinSegments(segments, (overlap, index) => `${index}:${[...overlap.mine, ...overlap.theirs].join('')}`)).toBe(
      '<p>Первый, их.</p><h2>Заголовок</h2>0:<p>Второй абзац, мой.</p><p>Второй абзац, их.</p>',
    );
  });
});
