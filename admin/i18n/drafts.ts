/** What every form's toolbar, the lists' marker and the menu say about drafts (merged over `appMessages`). */
export const draftMessages = {
  app: {
    menu: { review: 'Настройки сайта' },
    draft: {
      save: 'Сохранить черновик',
      saved: 'Черновик сохранён, опубликованная версия не изменилась',
      marker: {
        none: 'Есть неопубликованные изменения',
        in_review: 'Неопубликованные изменения на согласовании',
        changes_requested: 'Неопубликованные изменения возвращены на доработку',
        returned_to_you: 'Возвращено вам на доработку',
        returned_in_menu: 'Черновиков, возвращённых вам на доработку: %{count}',
      },
    },
  },
};

/** The texts of the draft's band, the review settings and queue: they come with those screens' code (`addScreenTexts`). */
export const draftScreenMessages = {
  app: {
    draft: {
      band_title: 'Есть неопубликованные изменения',
      saved_by: 'Черновик сохранил(а) %{email}, %{date}',
      editing_draft: 'Форма показывает черновик: правки сохраняются в него, на сайте остаётся опубликованная версия.',
      scheduled: 'Черновик будет опубликован %{date}',
      changes: 'Что изменено',
      no_changes: 'Черновик не отличается от опубликованной версии.',
      before: 'Было',
      after: 'Стало',
      empty: '(пусто)',
      preview: 'Предпросмотр черновика',
      publish: 'Опубликовать изменения',
      publish_over: 'Опубликовать поверх',
      live_changed:
        'Опубликованную версию изменили после того, как начат черновик. Если опубликовать черновик поверх, эти изменения пропадут с сайта; заменённая версия останется в истории.',
      live_changed_by:
        'Опубликованную версию изменил(а) %{by} (%{date}) после того, как начат черновик. Если опубликовать черновик поверх, эти изменения пропадут с сайта; заменённая версия останется в истории.',
      publish_now: 'Сейчас',
      publish_at: 'В выбранное время',
      publish_moment: 'Дата и время публикации',
      publish_moment_required: 'Выберите дату и время в будущем',
      published: 'Изменения опубликованы',
      publish_scheduled: 'Изменения будут опубликованы %{date}',
      discard: 'Отменить черновик',
      discard_confirm: 'Удалить черновик? Неопубликованные изменения пропадут, на сайте останется опубликованная версия.',
      discarded: 'Черновик удалён',
    },
    review: {
      in_review: 'На согласовании',
      changes_requested: 'Возвращено на доработку: %{comment} (%{email}, %{date})',
      submit: 'Отправить на согласование',
      submitted: 'Черновик отправлен на согласование',
      request_changes: 'Вернуть на доработку',
      comment: 'Что нужно исправить',
      comment_required: 'Напишите комментарий для автора',
      returned: 'Черновик возвращён автору',
      cancel: 'Отмена',
      settings_title: 'Согласование перед публикацией',
      settings_hint:
        'В отмеченных разделах изменения пользователей с ролью «Пользователь» не попадают на сайт сразу: они сохраняются черновиком и ждут, пока менеджер их опубликует или вернёт на доработку.',
      settings_save: 'Сохранить настройки',
      settings_saved: 'Настройки согласования сохранены',
      queue_title: 'Ждут согласования',
      queue_empty: 'Нет черновиков на согласовании.',
      mine_title: 'Мои черновики',
      mine_empty: 'У вас нет неопубликованных черновиков.',
      queue_entry: '%{resource} № %{id} — %{email}, %{date}',
      queue_entry_titled: '«%{title}» — %{resource}, %{email}, %{date}',
      state_none: 'Черновик',
    },
  },
};
