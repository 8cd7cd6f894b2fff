/** The roles' screen («Роли»), loaded with it; the menu's entry is among `screenMenuMessages`. */
export const roleMessages = {
  app: {
    role_grid: {
      resource: 'Раздел',
      all: 'Всё',
      actions: { read: 'Просмотр', edit: 'Правка', publish: 'Публикация', delete: 'Удаление' },
      publish_with_edit: 'с правкой',
      publish_with_edit_hint: 'У раздела нет черновиков: кто может править, тот и публикует.',
      none: '—',
      builtin: 'Встроенная роль: её права заданы в описании сайта и не меняются здесь.',
      name_hint: 'Латинские строчные буквы, цифры и дефис, с буквы; не меняется после создания.',
      name_invalid: 'Имя роли: латинские строчные буквы, цифры и дефис, с буквы, от 2 до 41 знака.',
    },
  },
  resources: {
    roles: {
      name: 'Роль |||| Роли',
      fields: {
        id: 'ID',
        name: 'Имя',
        title: 'Название',
        builtin: 'Встроенная',
        permissions: 'Права',
      },
    },
  },
};
