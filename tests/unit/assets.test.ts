import { describe, expect, it } from 'vitest';
import { keyReplacements, replaceInHtml } from '../../server/assets/replace.js';
import type { AssetRow } from '../../server/assets/library.js';
import { referencesInHtml } from '../../server/assets/uses.js';
import { assetReference } from '../../server/resources/zod.js';

const picture = (src: string, widths: number[]): Pick<AssetRow, 'file' | 'width' | 'height'> => ({
  file: JSON.stringify({
    src: `${src}.jpg`,
    width: widths.at(-1),
    height: 100,
    variants: widths.flatMap((width) => ['webp', 'avif'].map((format) => ({ src: `${src}-${width}.${format}`, width, format }))),
  }),
  width: widths.at(-1) ?? 0,
  height: 100,
});

describe('the media library', () => {
  it('reads a field naming a library asset: JSON or its text; empty changes nothing; anything else is refused', () => {
    const read = (value: unknown) => {
      const result = assetReference.safeParse(value);
      return result.success ? result.data : result.error.issues[0]?.message;
    };
    expect(read({ asset: 4 })).toBe(4);
    expect(read('{"asset":3}')).toBe(3);
    expect(read('')).toBeUndefined();
    expect(read(null)).toBeUndefined();
    expect(read(undefined)).toBeUndefined();
    for (const bad of ['картинка', { asset: 0 }, { src: '/uploads/a.jpg' }, { asset: 1, more: 2 }]) expect(typeof read(bad)).toBe('string');
  });

  it('finds the uploads rich text shows or links, by their address or by an asset’s lasting address', () => {
    const html =
      '<p><a href="/uploads/news/aa.pdf">a</a> <img src="/uploads/news/bb.jpg" srcset="/uploads/news/bb-480.webp 480w, /uploads/news/bb-960.webp 960w">' +
      '<a href="/api/assets/12/file">c</a> <a href="https://example.com/uploads/x.jpg">d</a> <a href="/uploads/../etc/passwd">e</a></p>';
    expect(referencesInHtml(html)).toEqual({ keys: ['news/aa.pdf', 'news/bb.jpg', 'news/bb-480.webp', 'news/bb-960.webp'], assetIds: [12] });
  });

  it('points a replaced picture’s addresses to the new files: each variant to the nearest new one of its format', () => {
    const before = picture('news/old', [480, 960, 1440]) as AssetRow;
    const after = picture('news/new', [480, 800]) as AssetRow;
    const replacements = keyReplacements(before, after);
    expect(Object.fromEntries(replacements)).toMatchObject({
      'news/old.jpg': 'news/new.jpg',
      'news/old-480.webp': 'news/new-480.webp',
      'news/old-960.avif': 'news/new-800.avif',
      'news/old-1440.webp': 'news/new-800.webp',
    });
    expect(replaceInHtml('<a href="/uploads/news/old.jpg">x</a><a href="/uploads/news/old-480.webp">y</a>', replacements)).toBe(
      '<a href="/uploads/news/new.jpg">x</a><a href="/uploads/news/new-480.webp">y</a>',
    );
  });
});
