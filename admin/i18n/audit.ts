/**
 * Every action the server writes in the audit log (server/admin/audit.ts and its callers), in words. Two verbs of
 * the same deed (`add` and `create` of the two API styles) share their word, and so one choice of the filter.
 */
export const AUDIT_ACTIONS: Readonly<Record<string, string>> = {
  add: 'Создание',
  create: 'Создание',
  update: 'Изменение',
  overwrite: 'Сохранение поверх чужих изменений',
  remove: 'Удаление',
  delete: 'Удаление',
  'restore-revision': 'Возврат к версии из истории',
  restore: 'Восстановление из корзины',
  purge: 'Удаление из корзины навсегда',
  fix: 'Закрепление',
  unfix: 'Открепление',
  'move-up': 'Перемещение выше',
  'move-down': 'Перемещение ниже',
  'move-up-fixed': 'Перемещение выше среди закреплённых',
  'move-down-fixed': 'Перемещение ниже среди закреплённых',
  'remove-img': 'Удаление изображения',
  upload: 'Загрузка файла',
  move: 'Перенос в папку',
  replace: 'Замена файла',
  'replace-file': 'Замена файла в записи',
  'revert-file': 'Возврат прежнего файла',
  import: 'Импорт',
  typography: 'Типографика',
  'erase-personal-data': 'Удаление персональных данных',
  download: 'Скачивание',
  login: 'Вход',
  'login-failed': 'Неудачный вход',
  'login-challenge': 'Пароль принят, запрошен код',
  'login-recovery-code': 'Вход по коду восстановления',
  'password-confirmed': 'Подтверждение пароля',
  logout: 'Выход',
  '2fa-enable': 'Включение двухфакторной аутентификации',
  '2fa-disable': 'Отключение двухфакторной аутентификации',
  '2fa-recovery-codes': 'Новые коды восстановления',
  'reset-2fa': 'Сброс двухфакторной аутентификации',
};

/** What the log names besides the resources: sign-ins, a staff member's own account, settings and backups. */
export const AUDIT_SUBJECTS: Readonly<Record<string, string>> = {
  session: 'Вход и выход',
  account: 'Профиль',
  settings: 'Настройки',
  backups: 'Резервные копии',
};
