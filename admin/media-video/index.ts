import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import type { RaRecord } from 'react-admin';
import type { ResourceParts } from '../common/parts.js';
import { MediaVideoForm } from './MediaVideoForm.js';
import { MediaVideoList } from './MediaVideoList.js';
import { fixActions } from '../buttons/index.js';

const parts: ResourceParts = {
  list: MediaVideoList,
  form: MediaVideoForm,
  editActions: fixActions,
  icon: VideoLibraryIcon,
  recordRepresentation: (record: RaRecord) => String(record.title ?? ''),
};

export default parts;
