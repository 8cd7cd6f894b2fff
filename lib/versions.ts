/**
 * Every editable record carries a version, bumped by each write; a write based on an older version is refused with
 * this message (409), so that one editor's save never silently overwrites another's.
 */
export const STALE_VERSION_MESSAGE =
  'Запись уже изменил другой сотрудник, пока вы её редактировали. Ничего не сохранено: сравните версии и решите, что оставить.';
