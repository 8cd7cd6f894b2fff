// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Editor } from '@tiptap/core';
import { closeHistory } from '@tiptap/pm/history';
import { testDataProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { RICH_TEXT_EXTENSIONS } from '../../admin/richText/extensions.js';
import { TextImageDialog } from '../../admin/richText/TextImageDialog.js';
import type { TextImageAttributes } from '../../admin/richText/textImage.js';
import { sanitizeHtml } from '../../server/content/sanitize.js';
import { renderInAdmin } from './render.js';

/**
 * The editor's image of the library reads and writes exactly the markup the server's sanitiser keeps
 * (tests/api/richText.test.ts), so an image survives a save and a reload unchanged.
 */

let editor: Editor | null = null;
afterEach(() => {
  cleanup();
  editor?.destroy();
});

const edited = (html: string): Editor => {
  editor = new Editor({ extensions: RICH_TEXT_EXTENSIONS, content: html });
  return editor;
};

describe('an image of the library in the editor', () => {
  it('reads and writes the figure as stored: address, alt text, width class and caption', () => {
    const stored =
      '<figure class="image-full"><img src="/api/assets/12/file" alt="Схема проезда"><figcaption>Схема</figcaption></figure>' +
      '<figure class="image-half"><img src="/api/assets/13/file" alt=""></figure><figure class="image-third"><img src="/api/assets/14/file" alt="Офис"></figure>';
    const html = edited(stored).getHTML();
    expect(html).toBe(stored);
    expect(editor?.state.doc.firstChild?.attrs).toEqual({ assetId: 12, alt: 'Схема проезда', width: 'full', caption: 'Схема' });
  });

  it('drops images from elsewhere, keeping the text around them; an unknown width is the whole column', () => {
    expect(edited('<p>До</p><figure><img src="https://example.com/a.png" alt="x"></figure><p>После<img src="/uploads/news/a.jpg"></p>').getHTML()).toBe(
      '<p>До</p><p>После</p>',
    );
    expect(edited('<figure class="wide"><img src="/api/assets/5/file" alt="А"></figure>').getHTML()).toBe(
      '<figure class="image-full"><img src="/api/assets/5/file" alt="А"></figure>',
    );
  });

  it('writes back unchanged whatever the sanitiser keeps of figures written elsewhere (a caption’s markup, nested figures, odd addresses)', () => {
    for (const written of [
      '<figure class="image-third"><img src="/api/assets/3/file" alt="Цех"><figcaption> <p>Цех <strong>№&nbsp;2</strong></p><figure><img src="/api/assets/5/file"></figure></figcaption></figure>',
      '<figure class="image-half wide"><p>До</p><img src="/api/assets/7/file" width="10"><figcaption>П</figcaption><figcaption>Ещё</figcaption></figure>',
      '<figure><figure><img src="/api/assets/2/file" alt="а"></figure></figure><figure><img src="/api/assets/9999999999/file" alt="б"><figcaption>Подпись</figcaption></figure>',
      '<figure><img src="/api/assets/4/file" alt=""><figcaption>  </figcaption></figure>',
    ]) {
      const kept = sanitizeHtml(written);
      expect(edited(kept).getHTML(), written).toBe(kept);
      editor?.destroy();
    }
  });

  it('undoes an inserted image, and a change of its details, step by step', () => {
    const text = edited('<p>Текст</p>');
    text.commands.insertTextImage({ assetId: 7, alt: 'Цех', width: 'half', caption: '' }, text.state.doc.content.size);
    // Two steps, as an insertion and a later change in the dialog are (the history groups quick successive edits).
    text.view.dispatch(closeHistory(text.state.tr));
    text.commands.setNodeSelection(text.state.doc.firstChild?.nodeSize ?? 0);
    text.commands.updateAttributes('textImage', { width: 'third', caption: 'Подпись' });
    expect(text.getHTML()).toBe(
      '<p>Текст</p><figure class="image-third"><img src="/api/assets/7/file" alt="Цех"><figcaption>Подпись</figcaption></figure><p></p>',
    );
    text.commands.undo();
    expect(text.getHTML()).toBe('<p>Текст</p><figure class="image-half"><img src="/api/assets/7/file" alt="Цех"></figure><p></p>');
    text.commands.undo();
    expect(text.getHTML()).toBe('<p>Текст</p>');
  });

  it('inserts an image where asked, with a paragraph after it to write on; one not yet described has no alt text', () => {
    const text = edited('<p>Текст</p>');
    text.commands.insertTextImage({ assetId: 7, alt: null, width: 'half', caption: '' }, text.state.doc.content.size);
    expect(text.getHTML()).toBe('<p>Текст</p><figure class="image-half"><img src="/api/assets/7/file"></figure><p></p>');
  });
});

describe('the details of an image in the text', () => {
  /** The dialog changing the text's only image, selected as the toolbar's button finds it. */
  function changeOnlyImage(html: string) {
    const text = edited(html);
    text.commands.setNodeSelection(0);
    const current = text.getAttributes('textImage') as TextImageAttributes;
    renderInAdmin(<TextImageDialog editor={text} current={current} onClose={() => undefined} />, { dataProvider: testDataProvider(), resource: 'news' });
    return text;
  }

  it('an image described as empty is decorative: no alt text is asked for, and a width change keeps it so', async () => {
    const text = changeOnlyImage('<figure class="image-half"><img src="/api/assets/3/file" alt=""></figure><p>После</p>');
    expect(screen.getByRole('checkbox', { name: 'Декоративное изображение (без описания)' })).toHaveProperty('checked', true);
    expect(screen.getByRole('textbox', { name: 'Описание изображения (alt)' })).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('radio', { name: 'Треть ширины' }));
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(text.getHTML()).toBe('<figure class="image-third"><img src="/api/assets/3/file" alt=""></figure><p>После</p>');
  });

  it('saves with Enter in the alt text, as the button does', async () => {
    const text = changeOnlyImage('<figure class="image-full"><img src="/api/assets/4/file"></figure><p>После</p>');
    const alt = screen.getByRole('textbox', { name: 'Описание изображения (alt)' });
    expect(document.activeElement).toBe(alt);
    await userEvent.keyboard('Проходная{Enter}');
    expect(text.getHTML()).toBe('<figure class="image-full"><img src="/api/assets/4/file" alt="Проходная"></figure><p>После</p>');
  });

  it('an image nobody described asks for its alt text, or for it to be marked decorative', async () => {
    const text = changeOnlyImage('<figure class="image-full"><img src="/api/assets/4/file"></figure><p>После</p>');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Опишите изображение или отметьте его как декоративное.')).toBeTruthy();
    expect(text.getHTML()).toBe('<figure class="image-full"><img src="/api/assets/4/file"></figure><p>После</p>');
    await userEvent.type(screen.getByRole('textbox', { name: 'Описание изображения (alt)' }), 'Проходная завода');
    await userEvent.type(screen.getByRole('textbox', { name: 'Подпись под изображением' }), 'Вход');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(text.getHTML()).toBe(
      '<figure class="image-full"><img src="/api/assets/4/file" alt="Проходная завода"><figcaption>Вход</figcaption></figure><p>После</p>',
    );
  });
});
