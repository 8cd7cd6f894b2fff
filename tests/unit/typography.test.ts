import { describe, expect, it } from 'vitest';
import { typesetHtml, typesetText } from '../../server/content/typography.js';
import type { FastifyRequest } from 'fastify';
import { budgetOf, CONTENT_BUDGET_MS, OUT_OF_TIME_MESSAGE, OutOfTimeError, runContentJob, WorkBudget } from '../../server/content/workerPool.js';
import { preparedValues, typesetStoredValues } from '../../server/resources/preparedValues.js';
import { news } from '../../lib/resources/articles.js';

/** The Russian typography applied on save (server/content/typography.ts). */

const NBSP = '\u00a0';

describe('typography of plain text', () => {
  it('sets «ёлочки», the em dash after a non-breaking space, and binds short words and numbers to the next word', () => {
    expect(typesetText('"Смарт" - лидер в 15 минут')).toBe('«Смарт»\u00a0— лидер в\u00a015\u00a0минут');
  });

  it('nests „лапки“ inside «ёлочки», makes an ellipsis of three dots and removes repeated spaces', () => {
    expect(typesetText('Он сказал: "это "слово" тут"...')).toBe(`Он${NBSP}сказал: «это „слово“ тут»…`);
    expect(typesetText('Отчёт   компании    готов')).toBe('Отчёт компании готов');
  });

  it('leaves web and e-mail addresses as they are', () => {
    expect(typesetText('Пишите на info@example.ru или http://a.b/c?d=1&e=2 - ответим')).toBe(
      `Пишите на${NBSP}info@example.ru или${NBSP}http://a.b/c?d=1&e=2${NBSP}— ответим`,
    );
  });

  it('changes nothing in a text it typeset already', () => {
    for (const text of ['"Смарт" - лидер в 15 минут', 'Он сказал: "это "слово" тут"...', 'В 2024 г. рост на 15 %, т. е. 100 руб.']) {
      const once = typesetText(text);
      expect(typesetText(once)).toBe(once);
    }
  });

  it('does not rewrite dates', () => {
    expect(typesetText('Отчёт 2024-01-15')).toBe('Отчёт 2024-01-15');
  });
});

describe('typography of rich HTML', () => {
  it('typesets the text but not code, links, addresses or attribute values; the result is serialised as the sanitiser does', () => {
    const html =
      '<p>"Смарт" - лидер в 15 минут. Код: <code>"x" - y</code>, ' +
      '<a href="http://a.b/c?d=1&amp;e=2" title="&quot;a&quot; - b">"отчёт" - тут</a>, почта mail@a.ru - ждём</p><pre>"x" - y...</pre>';
    expect(typesetHtml(html)).toBe(
      '<p>«Смарт»&nbsp;— лидер в&nbsp;15&nbsp;минут. Код: <code>"x" - y</code>, ' +
        '<a href="http://a.b/c?d=1&amp;e=2" title="&quot;a&quot; - b">«отчёт»&nbsp;— тут</a>, почта mail@a.ru&nbsp;— ждём</p><pre>"x" - y...</pre>',
    );
  });

  it('pairs quotes across inline elements', () => {
    expect(typesetHtml('<p>"<strong>Смарт</strong>" - лидер</p>')).toBe('<p>«<strong>Смарт</strong>»&nbsp;— лидер</p>');
  });

  it('keeps the markup when the whole-document pass would change it, typesetting each text node alone', () => {
    // A `>` inside an attribute value ends a tag for typograf's pattern, which would then typeset the value's rest.
    const link = '<p><a href="http://x.ru/?q=a>b&amp;c=&quot;d&quot; - e">"Отчёт" - тут</a> и всё</p>';
    expect(typesetHtml(link)).toBe('<p><a href="http://x.ru/?q=a>b&amp;c=&quot;d&quot; - e">«Отчёт»&nbsp;— тут</a> и&nbsp;всё</p>');
    // Escaped markup stays text.
    expect(typesetHtml('<p>&lt;b&gt;"x" - y&lt;/b&gt;</p>')).toBe('<p>&lt;b&gt;«x»&nbsp;— y&lt;/b&gt;</p>');
  });

  it('keeps an image inside text as it is, its alt text and address untouched, and typesets its caption', () => {
    const figure = (caption: string) =>
      `<figure class="image-half"><img src="/api/assets/7/file" alt="Цех - &quot;новый&quot; в 2 км"><figcaption>${caption}</figcaption></figure>`;
    expect(typesetHtml(`<p>До - после</p>${figure('Цех "Север" - в 5 минутах')}`)).toBe(
      `<p>До&nbsp;— после</p>${figure('Цех «Север»&nbsp;— в&nbsp;5&nbsp;минутах')}`,
    );
  });

  it('binds a number opening an element to its word, as after a space', () => {
    expect(typesetHtml('<table><tbody><tr><td>15 минут</td><td>срок 20 минут</td></tr></tbody></table>')).toBe(
      '<table><tbody><tr><td>15&nbsp;минут</td><td>срок 20&nbsp;минут</td></tr></tbody></table>',
    );
  });

  it('changes nothing in HTML it typeset already', () => {
    const once = typesetHtml('<h2>"Смарт" - лидер</h2><ul><li>в 15 минут...</li></ul><p>"<em>a</em>" - b <code>"c"</code></p>');
    expect(typesetHtml(once)).toBe(once);
  });
});

describe('typesetStoredValues (in a content worker)', () => {
  it('typesets only the fields declared with typography and keeps a text that would outgrow its limit as sent', async () => {
    const values = await typesetStoredValues(new WorkBudget(), news.fields, { title: '"А" - б', slug: 'a-b', lead: 'в 15 минут', published: 1 });
    expect(values).toEqual({ title: `«А»${NBSP}— б`, slug: 'a-b', lead: `в${NBSP}15${NBSP}минут`, published: 1 });
    // A space goes before the bracket, which would make the title 301 characters long.
    const title = `${'а'.repeat(296)}(бв)`;
    expect((await typesetStoredValues(new WorkBudget(), news.fields, { title }))?.title).toBe(title);
  });

  it('keeps the record as it is when its text takes longer than the budget', async () => {
    expect(await typesetStoredValues(new WorkBudget(1), news.fields, { lead: '"а" - б '.repeat(20_000) })).toBeNull();
  });
});

describe('one budget per request', () => {
  it("is spent by each of the request's jobs in turn; once spent, no field of the write runs, its English version included", async () => {
    const request = {};
    const budget = budgetOf(request);
    expect(budgetOf(request)).toBe(budget);
    expect(budget.remainingMs()).toBe(CONTENT_BUDGET_MS);
    expect(await runContentJob(budget, { kind: 'text', text: '"а" - б '.repeat(2000) })).toHaveProperty('value');
    expect(budget.remainingMs()).toBeLessThan(CONTENT_BUDGET_MS);
    budget.spend(budget.remainingMs());
    await expect(runContentJob(budget, { kind: 'text', text: 'а' })).rejects.toBeInstanceOf(OutOfTimeError);
    // What an earlier step of the write took (an SVG upload, another field) is gone for the next: a 400 naming it.
    const prepared = (values: Record<string, unknown>) => preparedValues(request as FastifyRequest, news, values, ['en'], null);
    await expect(prepared({ title: 'Заголовок' })).rejects.toMatchObject({ statusCode: 400, errors: { title: [OUT_OF_TIME_MESSAGE] } });
    await expect(prepared({ translations: { en: { content: '<p>Text</p>' } } })).rejects.toMatchObject({
      statusCode: 400,
      errors: { 'translations.en.content': [OUT_OF_TIME_MESSAGE] },
    });
  });
});

describe('long runs of blanks', () => {
  it('are one space, as typograf makes them, in time that grows with the text alone', () => {
    expect(typesetText(`слово${' '.repeat(10)}другое\t\tтретье`)).toBe('слово другое третье');
    expect(typesetHtml(`<p>слово${' '.repeat(10)}другое</p><pre>x    y</pre>`)).toBe('<p>слово другое</p><pre>x    y</pre>');
    // 60,000 spaces took typograf 4 s, 30,000 tabs 18 s: each rule for blanks searched each run from every character.
    const started = performance.now();
    expect(typesetText(`слово${' '.repeat(60_000)}другое`)).toBe('слово другое');
    expect(typesetText(`слово${'\t'.repeat(30_000)}другое`)).toBe('слово другое');
    expect(typesetHtml(`<p>слово${' '.repeat(60_000)}другое</p>`)).toBe('<p>слово другое</p>');
    expect(performance.now() - started).toBeLessThan(1500);
  });
});
