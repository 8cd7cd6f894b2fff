import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import type { RaRecord } from 'react-admin';
import { MediaVideoCreate } from './MediaVideoCreate.js';
import { MediaVideoEdit } from './MediaVideoEdit.js';
import { MediaVideoList } from './MediaVideoList.js';

export default {
  list: MediaVideoList,
  edit: MediaVideoEdit,
  create: MediaVideoCreate,
  icon: VideoLibraryIcon,
  recordRepresentation: (record: RaRecord) => String(record.title ?? ''),
};
