import PeopleIcon from '@mui/icons-material/People';
import type { ResourceEntry } from '../common/resourceEntry.js';

export default {
  icon: PeopleIcon,
  recordRepresentation: (record) => String(record.name || record.email || ''),
  labels: {
    name: 'Пользователь |||| Пользователи',
    fields: {
      id: 'ID',
      email: 'Электронная почта',
      name: 'Имя',
      role: 'Роль',
      active: 'Активен',
      two_factor: '2FA',
      password: 'Пароль',
      created_at: 'Создан',
      updated_at: 'Изменён',
      q: 'Поиск',
    },
  },
  list: async () => (await import('./UserList.js')).UserList,
  edit: () => import('./index.js'),
} satisfies ResourceEntry;
