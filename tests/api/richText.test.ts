import { parseFragment, type DefaultTreeAdapterTypes } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RICH_TEXT_ELEMENTS } from '../../lib/richText.js';
import { sanitizeHtml } from '../../server/content/sanitize.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo } from '../helpers/fixtures.js';
import { adminHeaders, pngImage, postForm } from './admin-helpers.js';

/**
 * The server's sanitiser keeps exactly what `lib/richText.ts` declares: every declared element, attribute and class
 * survives unchanged, and anything else (styles, colours, unknown classes, images from elsewhere, frames, ids) goes,
 * its text kept.
 */

/** A document holding every declared element with each of its attributes and classes, as the editor writes them. */
const EVERYTHING =
  ['h2', 'h3', 'h4', 'p'].flatMap((tag) => ['text-center', 'text-right', 'text-justify'].map((name) => `<${tag} class="${name}">Выровнено</${tag}>`)).join('') +
  '<h2>Заголовок</h2><h3>Подзаголовок</h3><h4>Малый</h4>' +
  '<p><strong>Жирный</strong>, <em>курсив</em>,<br>' +
  '<a target="_blank" rel="noopener noreferrer" href="https://example.com/page?a=1&amp;b=2">ссылка</a></p>' +
  '<ul><li><p>Пункт</p></li></ul><ol start="3"><li><p>Третий</p></li></ol><blockquote><p>Цитата</p></blockquote>' +
  '<table><thead><tr><th rowspan="2">Услуга</th><th colspan="2">Срок</th></tr><tr><th>от</th><th>до</th></tr></thead>' +
  '<tbody><tr><td rowspan="2">Оценка</td><td>15 минут</td><td>20 минут</td></tr><tr><td colspan="2">по запросу</td></tr></tbody></table>' +
  '<figure class="image-full"><img src="/api/assets/12/file" alt="Схема проезда"><figcaption>Схема</figcaption></figure>' +
  '<figure class="image-half"><img src="/api/assets/13/file" alt=""></figure><figure class="image-third"><img src="/api/assets/14/file" alt="Офис"></figure>';

type Element = DefaultTreeAdapterTypes.Element;

/** Every element of parsed markup, depth first. */
function elementsOf(markup: string): Element[] {
  const found: Element[] = [];
  const visit = (node: DefaultTreeAdapterTypes.ParentNode) => {
    for (const child of node.childNodes) {
      if ('tagName' in child) {
        found.push(child);
        visit(child);
      }
    }
  };
  visit(parseFragment(markup));
  return found;
}

describe('the rich-text sanitiser keeps exactly the declaration', () => {
  it('the sample document uses every declared element, attribute and class', () => {
    const elements = elementsOf(EVERYTHING);
    for (const [tag, rule] of Object.entries(RICH_TEXT_ELEMENTS)) {
      const ofTag = elements.filter((element) => element.tagName === tag);
      expect(ofTag.length, tag).toBeGreaterThan(0);
      for (const attribute of Object.keys(rule.attributes)) {
        expect(
          ofTag.some((element) => element.attrs.some((attr) => attr.name === attribute)),
          `${tag} ${attribute}`,
        ).toBe(true);
      }
      for (const className of rule.classes) expect(EVERYTHING, `${tag}.${className}`).toContain(`<${tag} class="${className}"`);
    }
  });

  it('keeps every declared element, attribute and class unchanged', () => {
    expect(sanitizeHtml(EVERYTHING)).toBe(EVERYTHING);
  });

  it.each([
    ['inline styles', '<p style="color: red; text-align: center">Текст</p>', '<p>Текст</p>'],
    ['colour and font spans', '<p><span style="color:#f00">Красный</span> <font face="Arial" color="blue">шрифт</font></p>', '<p>Красный шрифт</p>'],
    ['highlights, underline, strike and code', '<p><mark>М</mark><u>П</u><s>З</s><code>К</code></p>', '<p>МПЗК</p>'],
    [
      'unknown classes, left alignment and classes on elements without any',
      '<p class="text-center MsoNormal text-left">Текст</p><h2 class="big">З</h2><li class="text-center">П</li>',
      '<p class="text-center">Текст</p><h2>З</h2><li>П</li>',
    ],

    [
      'images, frames, media and rules',
      '<p>Текст<img src="/a.png" alt="x"></p><iframe src="https://x.test">в</iframe><video src="v.mp4"></video><hr>',
      '<p>Текст</p>',
    ],
    ['scripts, handlers and javascript: links', '<p onclick="alert(1)">Т</p><script>alert(2)</script><a href="javascript:alert(3)">с</a>', '<p>Т</p><a>с</a>'],
    ['forms and their fields, keeping their text', '<form action="/x"><p>Текст</p><input value="1"><button>Кнопка</button></form>', '<p>Текст</p>Кнопка'],
    [
      'ids, names, data and aria attributes',
      '<p id="vike_pageContext" data-x="1" aria-label="a">Т</p><a name="top" href="/a">с</a>',
      '<p>Т</p><a href="/a">с</a>',
    ],
    ['attributes of another element', '<p href="/a" colspan="2">Т</p><ul start="2"><li>П</li></ul>', '<p>Т</p><ul><li>П</li></ul>'],
    [
      'attribute values the rules refuse',
      '<ol start="x"><li>П</li></ol><table><tbody><tr><td colspan="0" rowspan="two">Я</td></tr></tbody></table>',
      '<ol><li>П</li></ol><table><tbody><tr><td>Я</td></tr></tbody></table>',
    ],
    [
      'a column group and table styles',
      '<table style="width:100%" border="1"><colgroup><col width="200"></colgroup><tbody><tr style="height:0"><td width="50" style="background:yellow">Я</td></tr></tbody></table>',
      '<table><tbody><tr><td>Я</td></tr></tbody></table>',
    ],
    [
      'a target other than a new tab, and a rel of its own',
      '<a href="/a" target="_self" rel="nofollow">с</a><a href="/b" target="_blank" rel="opener">н</a>',
      '<a href="/a">с</a><a href="/b" target="_blank" rel="noopener noreferrer">н</a>',
    ],
    [
      'images from elsewhere or outside a figure, and a figure or caption without an image',
      '<figure><img src="https://example.com/a.png" alt="x"><figcaption>Чужая</figcaption></figure><p>Т<img src="/api/assets/1/file" alt="x"></p>' +
        '<figure><img src="/uploads/news/a.jpg" alt="y"></figure><figure><blockquote><p>Цитата</p></blockquote><figcaption>Автор</figcaption></figure>' +
        '<figcaption>Сама по себе</figcaption>',
      '<p>Чужая</p><p>Т</p><blockquote><p>Цитата</p></blockquote><p>Автор</p><p>Сама по себе</p>',
    ],
    [
      'what a figure holds besides its image and one caption, putting it after the figure; a missing alt becomes empty',
      '<figure class="image-half wide" style="float:left"><p>До</p><img src="/api/assets/7/file" width="10" loading="lazy" class="big" data-asset="7"><figcaption>П</figcaption><figcaption>Ещё</figcaption></figure>',
      '<figure class="image-half"><img src="/api/assets/7/file" alt=""><figcaption>П</figcaption></figure><p>До</p><p>Ещё</p>',
    ],
    [
      'an image whose address names a number no asset can have, or another address of it',
      '<figure><img src="/api/assets/9999999999/file" alt="x"><figcaption>Далёкий</figcaption></figure><figure><img src="/api/assets/0/file" alt=""></figure>' +
        '<figure><img src="/api/assets/012/file" alt=""></figure><figure><img src="/api/assets/4/file?v=2" alt=""></figure><figure><img src="//api/assets/4/file" alt=""></figure>',
      '<p>Далёкий</p>',
    ],
    [
      'an image’s other addresses and handlers (srcset, onerror) and data: or javascript: sources',
      '<figure><img src="/api/assets/2/file" alt="a" srcset="javascript:alert(1) 1x" onerror="alert(1)" onload="alert(2)"></figure>' +
        '<figure><img src="data:image/svg+xml,&lt;svg onload=alert(1)&gt;" alt=""></figure><figure><img src="javascript:alert(1)" alt=""></figure>',
      '<figure class="image-full"><img src="/api/assets/2/file" alt="a"></figure>',
    ],
    [
      'markup inside a caption, keeping its text, as the editor edits a caption as plain text; an empty caption',
      '<figure class="image-third"><img src="/api/assets/3/file" alt="a"><figcaption> <p>Цех <strong>№ 2</strong></p><img src="/api/assets/6/file" onerror="alert(1)">' +
        '<figure><img src="/api/assets/5/file"><figcaption>Вложенная</figcaption></figure></figcaption></figure>' +
        '<figure><img src="/api/assets/4/file" alt=""><figcaption> </figcaption></figure>',
      '<figure class="image-third"><img src="/api/assets/3/file" alt="a"><figcaption>Цех № 2Вложенная</figcaption></figure><figure class="image-full"><img src="/api/assets/4/file" alt=""></figure>',
    ],
    [
      'a width no choice names: the figure shows the whole column, as the editor writes it',
      '<figure><img src="/api/assets/2/file" alt="а"></figure><figure class="wide image-huge"><img src="/api/assets/3/file" alt="б"></figure>',
      '<figure class="image-full"><img src="/api/assets/2/file" alt="а"></figure><figure class="image-full"><img src="/api/assets/3/file" alt="б"></figure>',
    ],
    [
      'a figure inside a figure, and a figure inside a caption outside any figure',
      '<figure class="image-half"><figure class="image-third"><img src="/api/assets/2/file" alt="а"></figure></figure>' +
        '<figcaption><figure><img src="/api/assets/2/file" alt="б"></figure>Текст</figcaption>',
      '<figure class="image-third"><img src="/api/assets/2/file" alt="а"></figure><p>Текст</p>',
    ],
  ])('drops %s', (_name, dirty, clean) => {
    expect(sanitizeHtml(dirty)).toBe(clean);
    // What it keeps, it keeps unchanged at the next save.
    expect(sanitizeHtml(clean)).toBe(clean);
  });

  it('keeps what other editors write for a declared element as that element: b, i, h1, h5, h6', () => {
    expect(sanitizeHtml('<h1 class="text-center" style="color:red">Первый</h1><h5>Пятый</h5><h6>Шестой</h6><p><b>Ж</b> <i>К<b>Ж</b></i></p>')).toBe(
      '<h2 class="text-center">Первый</h2><h4>Пятый</h4><h4>Шестой</h4><p><strong>Ж</strong> <em>К<strong>Ж</strong></em></p>',
    );
  });

  it('keeps a pasted table’s structure instead of flattening it into one line', () => {
    const pasted =
      '<table class="MsoTableGrid"><tbody><tr><td><p class="MsoNormal">Услуга</p></td><td><p>Срок</p></td></tr><tr><td>Оценка</td><td>15 минут</td></tr></tbody></table>';
    expect(sanitizeHtml(pasted)).toBe(
      '<table><tbody><tr><td><p>Услуга</p></td><td><p>Срок</p></td></tr><tr><td>Оценка</td><td>15 минут</td></tr></tbody></table>',
    );
  });
});

describe.each(await testDialects())('rich text saved through the admin API on %s', (dialect) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    headers = await adminHeaders(t.app, 'USER');
  });
  afterAll(() => t.close());

  it('a news item keeps the declared markup and loses the rest', async () => {
    // The sample's images name pictures of the library: a write refuses images of assets it does not hold.
    const pictures = new Map<string, number>();
    for (const id of new Set(Array.from(EVERYTHING.matchAll(/\/api\/assets\/(\d+)\/file/g), ([, id = '']) => id))) {
      const uploaded = await postForm(t.app, '/api/admin/assets/upload', headers, {}, [
        { field: 'file', filename: `${id}.png`, data: await pngImage(64, 48, `#0000${id}`), type: 'image/png' },
      ]);
      pictures.set(id, (uploaded.json().asset as { id: number }).id);
    }
    const sample = EVERYTHING.replace(/\/api\/assets\/(\d+)\/file/g, (_, id: string) => `/api/assets/${pictures.get(id)}/file`);
    const saved = await postForm(t.app, '/api/admin/news/add', headers, {
      title: 'Форматирование',
      public_at: daysAgo(1),
      content: `${sample}<p style="color:red" class="MsoNormal"><span style="background:yellow">Выделение</span><img src="/x.png"></p>`,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The text is typeset on save too (a number and a short word keep to the next word); the markup stays.
    const typeset = sample.replaceAll(' минут', '&nbsp;минут').replace('по запросу', 'по&nbsp;запросу');
    expect(saved.json().data.content).toBe(`${typeset}<p>Выделение</p>`);
    const stored = await t.app.db.selectFrom('news').select('content').where('id', '=', saved.json().data.id).executeTakeFirstOrThrow();
    expect(stored.content).toBe(`${typeset}<p>Выделение</p>`);
  });

  it('an image or a link naming a number no asset can have is saved as on any database: the image dropped, the link kept', async () => {
    const saved = await postForm(t.app, '/api/admin/news/add', headers, {
      title: 'Номер вне ряда',
      public_at: daysAgo(1),
      content: '<figure><img src="/api/assets/9999999999/file" alt="x"></figure><p><a href="/api/assets/99999999999/file">Файл</a></p>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.content).toBe('<p><a href="/api/assets/99999999999/file">Файл</a></p>');
    const page = await t.app.inject(`/api/news/item/${saved.json().data.slug}`);
    expect(page.json().data.content).toBe('<p><a href="/api/assets/99999999999/file">Файл</a></p>');
  });
});
