import { describe, expect, it } from 'vitest';
import { plainText } from '../../lib/html.js';

describe('plain text of stored HTML', () => {
  const html = '<h2>Итоги&nbsp;года</h2><p>Выручка <b>выросла</b> на 12&#37;.</p><ul><li>Первый</li><li>Второй</li></ul><p>Строка<br>новая</p>';

  it('is one line for the search index: tags dropped, entities decoded, spaces collapsed', () => {
    expect(plainText(html)).toBe('Итоги года Выручка выросла на 12%. Первый Второй Строка новая');
  });

  it('ends a line after a figure and after its caption', () => {
    expect(
      plainText('<figure class="image-full"><img src="/api/assets/1/file" alt=""><figcaption>Подпись</figcaption></figure><p>Текст</p>', { paragraphs: true }),
    ).toBe('Подпись\nТекст');
  });

  it('keeps each block on a line of its own for the history diff', () => {
    expect(plainText(html, { paragraphs: true })).toBe('Итоги года\nВыручка выросла на 12%.\nПервый\nВторой\nСтрока\nновая');
  });
});
