import { addScreenTexts } from '../i18n/index.js';

/** The backups screen's texts, loaded with its code. */
addScreenTexts({
  app: {
    backups: {
      title: 'Резервные копии',
      schedule: 'Расписание: %{schedule}; хранится архивов: %{keep}.',
      no_schedule:
        'Резервные копии по расписанию не делаются (BACKUP_SCHEDULE не задан). Архив можно сделать кнопкой «Создать копию сейчас» или командой npm run backup.',
      last_success: 'Последняя удачная копия',
      last_failure: 'Последняя ошибка',
      never: 'не было',
      unencrypted: 'Архивы не зашифрованы (BACKUP_KEY не задан), а в них персональные данные: храните их как базу данных.',
      archives: 'Архивы',
      name: 'Архив',
      size: 'Размер',
      created_at: 'Создан',
      empty: 'Архивов пока нет.',
      download: 'Скачать',
      download_title: 'Скачать %{name}',
      run_now: 'Создать копию сейчас',
      running: 'Создаётся копия %{archive}: строк %{rows}, файлов %{files}, %{size}.',
      run_done: 'Копия %{archive} создана.',
      run_failed: 'Копия не создана: %{error}',
      download_help: 'В архиве персональные данные (обращения, учётные записи). Введите свой пароль ещё раз; скачивание записывается в журнал.',
    },
  },
});
