import { addScreenTexts } from '../i18n/index.js';

/** The publishing calendar's texts, loaded with its code. */
addScreenTexts({
  app: {
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
});
