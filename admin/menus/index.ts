import MenuIcon from '@mui/icons-material/Menu';
import type { RaRecord } from 'react-admin';
import type { ResourceParts } from '../common/parts.js';
import { MenuItemForm } from './MenuItemForm.js';
import { MenuList } from './MenuList.js';

const parts: ResourceParts = {
  list: MenuList,
  form: MenuItemForm,
  icon: MenuIcon,
  recordRepresentation: (record: RaRecord) => String(record.title ?? ''),
};

export default parts;
