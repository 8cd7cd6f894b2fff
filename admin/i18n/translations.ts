/** The forms' language switch and the lists' translation status (merged over `appMessages`): the admin stays Russian. */
export const translationMessages = {
  app: {
    translation: {
      languages: 'Язык версии',
      language: {
        ru: 'Русский',
        en: 'Английский',
      },
      version: {
        en: 'английская версия',
      },
      shared_note: 'Здесь только поля, которые переводятся. Остальные поля общие для обоих языков: они на вкладке «Русский».',
      in_russian: 'По-русски',
      russian_empty: 'По-русски не заполнено',
      slug_hint: 'Необязательно: без своего адреса английская страница открывается по русскому.',
      copy: 'Скопировать из русской версии',
      copy_which: 'Часть полей уже переведена. Заполнить русским текстом только пустые поля или заменить все?',
      copy_empty: 'Только пустые',
      copy_all: 'Заменить все',
      column: 'Перевод',
      status: {
        done: 'есть',
        unfinished: 'не закончен',
        none: 'нет',
      },
      filter: {
        missing: 'нет перевода',
        present: 'есть перевод',
      },
    },
  },
};
