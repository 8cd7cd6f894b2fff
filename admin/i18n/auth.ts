/**
 * The messages of the login screen, of the loading indicator and of the session's errors: the part of the admin's
 * Russian texts that the login screen shows before react-admin and the rest of the messages have loaded.
 */
export const authMessages = {
  loading: 'Загрузка…',
  error: {
    timeout: 'Превышено время ожидания ответа от сервера! Попробуйте повторить операцию через некоторое время.',
    network: 'Произошла ошибка! Попробуйте повторить операцию через некоторое время.',
    source_not_deactivated: 'Сервер не подтвердил отключение источника.',
  },
  auth: {
    session_expired: 'Сессия истекла.',
    logout_failed: 'Не удалось выйти. Попробуйте ещё раз.',
    login_required: 'Войдите, чтобы продолжить.',
    login_title: 'Вход в панель управления',
    email: 'Электронная почта',
    password: 'Пароль',
    sign_in: 'Войти',
    sign_in_error: 'Не удалось войти. Попробуйте ещё раз.',
    required: 'Обязательно для заполнения',
    logout: 'Выйти',
    access_denied: 'Недостаточно прав для этого раздела.',
    two_factor_step: 'Введите код из приложения.',
    two_factor_prompt: 'Введите шестизначный код из приложения-аутентификатора или один из кодов восстановления.',
    code: 'Код из приложения',
    code_help: 'Или код восстановления',
    confirm: 'Подтвердить',
    back: 'Назад',
    session_lost_title: 'Сессия закончилась',
    session_lost_text: 'Изменения на этой странице не потеряны: форма осталась как есть, а копия сохранена в этом браузере. Войдите снова, чтобы сохранить их.',
    signed_in_again: 'Вы снова вошли. Теперь изменения можно сохранить.',
  },
};

type Group = Exclude<keyof typeof authMessages, 'loading'>;

/**
 * The Russian text of an `app.…` key of these messages; anything else (the server's own Russian messages) as it is.
 */
export function authText(key: string): string {
  if (key === 'app.loading') return authMessages.loading;
  const [scope, group, name] = key.split('.');
  if (scope !== 'app' || (group !== 'auth' && group !== 'error') || name === undefined) return key;
  const messages: Record<string, string> = authMessages[group satisfies Group];
  return messages[name] ?? key;
}
