/** The admin's full-text search and the publishing calendar (merged over `appMessages`). */
export const searchCalendarMessages = {
  app: {
    menu: {
      calendar: 'Календарь публикаций',
    },
    search: {
      title: 'Поиск по материалам',
      label: 'Найти материал',
      hint: 'Слово в любой форме: «отчёт», «отчётов»…',
      nothing: 'Ничего не найдено.',
      draft: 'черновик',
    },
    calendar: {
      title: 'Календарь публикаций',
      previous: 'Предыдущий месяц',
      next: 'Следующий месяц',
      today: 'Сегодня',
      drafts: 'Черновики',
      no_drafts: 'Черновиков нет.',
      scheduled: 'запланировано',
      withdrawal: 'Снятие с публикации',
      reschedule: 'Перенести',
      reschedule_title: 'Новая дата публикации',
      reschedule_withdrawal_title: 'Новая дата снятия с публикации',
      save: 'Перенести',
      cancel: 'Отмена',
      moved: 'Дата публикации изменена.',
      withdrawal_moved: 'Дата снятия с публикации изменена.',
      weekdays: 'Пн,Вт,Ср,Чт,Пт,Сб,Вс',
    },
  },
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

/** The IndexNow log (merged over `appMessages`). */
export const indexNowMessages = {
  app: { menu: { indexnow: 'IndexNow' } },
  resources: {
    indexnow: {
      name: 'Уведомление IndexNow |||| Уведомления IndexNow',
      fields: {
        created_at: 'Когда',
        urls: 'Адреса',
        state: 'Состояние',
        attempts: 'Попыток',
        answer: 'Ответ или ошибка',
        sent_at: 'Отправлено',
        q: 'Поиск по адресу',
      },
      states: { accepted: 'Принято', refused: 'Отклонено', waiting: 'Ждёт попытки' },
    },
  },
};

/** The history of a record and the preview link on the edit screens (merged over `appMessages`). */
export const editorialMessages = {
  app: {
    conflict: {
      title: 'Запись уже изменили: выберите, что сохранить',
      saved_by: 'Пока вы редактировали, запись сохранил(а) %{name} (%{date}). Ваши правки не потеряны: они ниже.',
      saved_by_someone: 'Пока вы редактировали, запись сохранил другой сотрудник. Ваши правки не потеряны: они ниже.',
      loading: 'Загрузка сохранённой версии',
      load_failed: 'Не удалось загрузить сохранённую версию. Закройте окно и попробуйте ещё раз.',
      no_difference: 'Поля, которые можно сравнить, совпадают; изображения и файлы сохранятся ваши.',
      mine: 'Ваша версия',
      saved: 'Сохранённая версия',
      take_saved: 'Взять сохранённую',
      keep_mine: 'Оставить мою',
      merge: 'Сохранить выбранное',
    },
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
    },
    preview: {
      button: 'Предпросмотр',
      button_in: 'Предпросмотр: %{language}',
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
      files_not_kept: 'Выбранные файлы не сохраняются: выберите их снова.',
      restore: 'Восстановить несохранённые изменения',
      discard: 'Отменить',
    },
    action: {
      save_and_continue: 'Сохранить и продолжить',
      publish: 'Опубликовать',
    },
    notification: {
      published: 'Опубликовано',
      scheduled: 'Запланировано на %{at}',
    },
  },
};
