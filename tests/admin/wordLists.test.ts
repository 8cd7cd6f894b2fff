// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { wordListsToLists } from '../../admin/richText/wordLists.js';

/** Word's list paragraphs as its clipboard has them: a typed marker in an `mso-list:Ignore` span, the level in the style. */
const item = (marker: string, text: string) =>
  `<p class=MsoListParagraph style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='mso-list:Ignore'>${marker}<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span><![endif]>${text}</p>`;

describe('lists pasted from Word', () => {
  it('a run of bulleted paragraphs becomes one bulleted list, without the markers', () => {
    expect(wordListsToLists(`<p class=MsoNormal>До</p>${item('·', 'Первый')}${item('·', 'Второй')}<p class=MsoNormal>После</p>`)).toBe(
      '<p class="MsoNormal">До</p><ul><li>Первый</li><li>Второй</li></ul><p class="MsoNormal">После</p>',
    );
  });

  it('numbered paragraphs become a numbered list, and two runs stay two lists', () => {
    expect(wordListsToLists(`${item('1.', 'Раз')}${item('2.', 'Два')}<p>Между</p>${item('a)', 'Буква')}`)).toBe(
      '<ol><li>Раз</li><li>Два</li></ol><p>Между</p><ol><li>Буква</li></ol>',
    );
  });

  it('HTML without Word lists is passed on as it is', () => {
    const html = '<p style="color:red">Текст</p>';
    expect(wordListsToLists(html)).toBe(html);
  });
});
