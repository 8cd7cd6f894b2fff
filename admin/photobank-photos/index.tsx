import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import type { RaRecord } from 'react-admin';
import { PhotoCreate } from './PhotoCreate.js';
import { PhotoEdit } from './PhotoEdit.js';
import { PhotoList } from './PhotoList.js';

export default {
  list: PhotoList,
  edit: PhotoEdit,
  create: PhotoCreate,
  icon: PhotoLibraryIcon,
  recordRepresentation: (record: RaRecord) => String(record.title ?? ''),
};
