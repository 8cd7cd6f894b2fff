import PeopleIcon from '@mui/icons-material/People';
import type { RaRecord } from 'react-admin';
import type { ResourceParts } from '../common/parts.js';
import { resetTwoFactorActions } from '../profile/ResetTwoFactorButton.js';
import { UserForm, withoutEmptyPassword } from './UserForm.js';
import { UserList } from './UserList.js';

const parts: ResourceParts = {
  list: UserList,
  form: UserForm,
  transformEdit: withoutEmptyPassword,
  editActions: resetTwoFactorActions,
  icon: PeopleIcon,
  recordRepresentation: (record: RaRecord) => String(record.name || record.email || ''),
};

export default parts;
