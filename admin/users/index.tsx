import PeopleIcon from '@mui/icons-material/People';
import type { RaRecord } from 'react-admin';
import { UserCreate } from './UserCreate.js';
import { UserEdit } from './UserEdit.js';
import { UserList } from './UserList.js';

export default {
  list: UserList,
  edit: UserEdit,
  create: UserCreate,
  icon: PeopleIcon,
  recordRepresentation: (record: RaRecord) => String(record.name || record.email || ''),
};
