import PaletteIcon from '@mui/icons-material/Palette';
import type { RaRecord } from 'react-admin';
import type { ResourceParts } from '../common/parts.js';
import { LogoForm } from './LogoForm.js';
import { LogoList } from './LogoList.js';

const parts: ResourceParts = {
  list: LogoList,
  form: LogoForm,
  icon: PaletteIcon,
  recordRepresentation: (record: RaRecord) => String(record.title ?? ''),
};

export default parts;
