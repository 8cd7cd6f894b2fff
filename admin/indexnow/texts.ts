import { addScreenTexts } from '../i18n/index.js';

/** The IndexNow log's texts, loaded with its code. */
addScreenTexts({
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
});
