/** The admin's full-text search (merged over `appMessages`). */
export const searchMessages = {
  app: {
    search: {
      title: 'Поиск по материалам',
      label: 'Найти материал',
      hint: 'Слово в любой форме: «отчёт», «отчётов»…',
      nothing: 'Ничего не найдено.',
      draft: 'черновик',
    },
  },
};

/**
 * The menu entries of the screens that bring their own texts when they load (the publishing calendar, the IndexNow log,
 * the backups).
 */
export const screenMenuMessages = {
  app: { menu: { calendar: 'Календарь публикаций', indexnow: 'IndexNow', backups: 'Резервные копии', roles: 'Роли' } },
};

/** The trash («Корзина»; merged over `appMessages`). */
export const trashMessages = {
  app: {
    menu: {
      trash: 'Корзина',
    },
    trash: {
      title: 'Корзина',
      restore: 'Восстановить',
      restore_confirm: 'Восстановить «%{title}»? Запись вернётся на сайт по прежнему адресу.',
      restored: 'Запись «%{title}» восстановлена',
      empty: 'Очистить корзину',
      empty_confirm: 'Удалить навсегда все записи корзины вместе с их файлами? Восстановить их будет нельзя.',
      emptied: 'Корзина очищена: удалено записей — %{smart_count}',
      remove_confirm: 'Запись будет перемещена в корзину: её можно восстановить в разделе «Корзина», пока она не удалена навсегда.',
      remove_many_confirm: 'Выбранные записи (%{smart_count}) будут перемещены в корзину: их можно восстановить в разделе «Корзина».',
      removed: 'Удалено',
      undone: 'Удаление отменено',
    },
  },
  resources: {
    trash: {
      name: 'Корзина |||| Корзина',
      fields: {
        resource: 'Раздел',
        title: 'Название',
        removed_by_email: 'Кто удалил',
        removed_at: 'Когда удалено',
        purge_at: 'Удалится навсегда',
        q: 'Поиск',
      },
    },
  },
};

/** The history of a record and the preview link on the edit screens (merged over `appMessages`). */
export const editorialMessages = {
  app: {
    revisions: {
      title: 'История изменений',
      hint: 'При каждом сохранении прежняя версия остаётся здесь: когда, кто и какие поля изменил.',
      loading: 'Загрузка истории изменений',
      load_failed: 'Не удалось загрузить историю изменений.',
      empty: 'Изменений пока нет.',
      more: 'Показать ещё',
      unknown_user: 'неизвестный пользователь',
      changed: 'Изменено: %{fields}',
      compare: 'Сравнить',
      compare_version: 'Сравнить версию от %{date}',
      restore: 'Восстановить',
      restore_version: 'Восстановить версию от %{date}',
      restore_title: 'Восстановить версию?',
      restore_content:
        'Запись получит текст и поля версии от %{date}; изображения и файлы останутся текущими, несохранённые правки формы пропадут. Текущая версия сохранится в истории, и её можно будет вернуть.',
      restored: 'Версия восстановлена',
      diff_title: 'Сравнение версий',
      from: 'Было',
      to: 'Стало',
      current: 'Текущая версия',
      version: 'Версия от %{date}',
      no_difference: 'Версии не различаются.',
      // An image inside rich text as the diff shows it (admin/revisions/values.ts).
      text_image: '[Изображение №%{id}, %{width}: «%{alt}»]',
      text_image_decorative: '[Изображение №%{id}, %{width}, декоративное]',
      added: 'добавлено',
      removed: 'удалено',
      files_note: 'Изображения и файлы в истории не хранятся и при восстановлении не меняются.',
      close: 'Закрыть',
      // An entry holds the version a save replaced: it is named by that save, which came after it.
      version_before: 'Версия до правки %{email} от %{date}',
      before_edit_by: 'Версия до правки %{email}',
      edit_at: 'Правка от %{date}',
      compare_entry: 'Сравнить версию от %{date} — до правки %{email}',
      restore_entry: 'Восстановить версию от %{date} — до правки %{email}',
      restore_entry_content:
        'Запись получит текст и поля, какими они были до этой правки (%{version}); изображения и файлы останутся текущими, несохранённые правки формы пропадут. Текущая версия сохранится в истории, и её можно будет вернуть.',
    },
    preview: {
      button: 'Предпросмотр',
      button_in: 'Предпросмотр: %{language}',
      saved: 'Предпросмотр сохранённой версии',
      saved_in: 'Предпросмотр сохранённой версии: %{language}',
      saved_only: 'Предпросмотр показывает сохранённую версию: несохранённые изменения в нём не видны.',
    },
  },
};

/** Who else is editing a record: the edit screen's notice and the lists' marker (merged over `appMessages`). */
export const presenceMessages = {
  app: {
    presence: {
      editing: 'Сейчас редактирует: %{name} (с %{since})',
      marker: 'Сейчас редактирует: %{names} |||| Сейчас редактируют: %{names} |||| Сейчас редактируют: %{names}',
    },
  },
};

/** The resource forms' autosave, «Сохранить и продолжить» and publishing of drafts (merged over `appMessages`). */
export const formMessages = {
  app: {
    autosave: {
      kept_at: 'Есть несохранённые изменения от %{at}.',
      kept_what: 'Восстановятся поля: %{fields}.',
      kept_title: 'Заголовок в них: «%{title}».',
      overwrite_title: 'Заменить набранное?',
      overwrite_content: 'Вы уже изменили поля: %{fields}. Восстановление заменит набранное в них сохранёнными ранее значениями.',
      overwrite_confirm: 'Заменить',
      files_not_kept: 'Выбранные файлы не сохраняются: выберите их снова.',
      restore: 'Восстановить несохранённые изменения',
      discard: 'Отменить',
    },
    action: {
      save_and_continue: 'Сохранить и продолжить',
      publish: 'Опубликовать',
      submit_for_review: 'Отправить на согласование',
    },
    notification: {
      published: 'Опубликовано',
      scheduled: 'Запланировано на %{at}',
      submitted_for_review: 'Отправлено на согласование: опубликует менеджер после проверки',
      not_published: 'Сохранено, но не опубликовано',
    },
  },
};
