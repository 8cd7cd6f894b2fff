import type { TranslateFunction } from 'react-admin';
import { plainText } from '@lib/html.js';
import type { Field } from '@lib/resources/index.js';
import type { RevisionSummary } from '@lib/revisions.js';
import { assetIdOfTextImage, imageWidthOfClass } from '@lib/richText.js';

const DATE_TIME = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'short', timeStyle: 'medium' });

/** When a version was saved, to the second (two saves of one minute stay apart). */
export const formatSavedAt = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_TIME.format(date);
};

/**
 * How a kept version is named everywhere the history shows it: a history entry is the version a save replaced, kept
 * with who made that save and when, so it is «Версия до правки oleg@… от 05.12.2026, 14:05:10» — the version that
 * «Восстановить» brings back, not the save that came after it.
 */
export const versionLabel = (translate: TranslateFunction, entry: RevisionSummary): string =>
  translate('app.revisions.version_before', {
    email: entry.user_email || translate('app.revisions.unknown_user'),
    date: formatSavedAt(entry.created_at),
  });

/**
 * Rich HTML with each image inside it written as a paragraph naming the asset, its width and its alt text: an image
 * has no text of its own, so without this a version that only adds, removes or changes one reads as no change.
 */
function withImagesNamed(html: string, translate: TranslateFunction): string {
  if (!html.includes('<img')) return html;
  const document = new DOMParser().parseFromString(html, 'text/html');
  for (const image of document.querySelectorAll('img')) {
    const line = document.createElement('p');
    const alt = image.getAttribute('alt') ?? '';
    line.textContent = translate(alt ? 'app.revisions.text_image' : 'app.revisions.text_image_decorative', {
      id: assetIdOfTextImage(image.getAttribute('src')) ?? '?',
      width: translate(`app.rich_text.image.widths.${imageWidthOfClass(image.closest('figure')?.getAttribute('class'))}`),
      alt,
    });
    image.replaceWith(line);
  }
  return document.body.innerHTML;
}

/**
 * A field's value as people read it in the diff: rich HTML as its text with one line per paragraph (and per image), flags as
 * «Да»/«Нет», dates in ru-RU, choices by their names; `translate` turns i18n keys of choice names into text.
 */
export function readableValue(field: Field | undefined, value: unknown, translate: TranslateFunction): string {
  if (value === null || value === undefined) return '';
  switch (field?.kind) {
    case 'html':
      return plainText(withImagesNamed(String(value), translate), { paragraphs: true });
    case 'flag':
      return Number(value) === 1 ? 'Да' : 'Нет';
    case 'date':
      return formatSavedAt(String(value));
    case 'choice': {
      const choice = field.choices.find((option) => option.id === value);
      return choice ? translate(choice.name) : String(value);
    }
    default:
      return String(value);
  }
}
