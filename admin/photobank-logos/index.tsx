import PaletteIcon from '@mui/icons-material/Palette';
import type { RaRecord } from 'react-admin';
import { LogoCreate } from './LogoCreate.js';
import { LogoEdit } from './LogoEdit.js';
import { LogoList } from './LogoList.js';

export default {
  list: LogoList,
  edit: LogoEdit,
  create: LogoCreate,
  icon: PaletteIcon,
  recordRepresentation: (record: RaRecord) => String(record.title ?? ''),
};
