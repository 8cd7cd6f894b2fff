import MenuIcon from '@mui/icons-material/Menu';
import type { RaRecord } from 'react-admin';
import { MenuCreate } from './MenuCreate.js';
import { MenuEdit } from './MenuEdit.js';
import { MenuList } from './MenuList.js';

export default {
  list: MenuList,
  edit: MenuEdit,
  create: MenuCreate,
  icon: MenuIcon,
  recordRepresentation: (record: RaRecord) => String(record.title ?? ''),
};
