import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import type { RaRecord } from 'react-admin';
import type { ResourceParts } from '../common/parts.js';
import { PhotoForm } from './PhotoForm.js';
import { PhotoList } from './PhotoList.js';

const parts: ResourceParts = {
  list: PhotoList,
  form: PhotoForm,
  icon: PhotoLibraryIcon,
  recordRepresentation: (record: RaRecord) => String(record.title ?? ''),
};

export default parts;
