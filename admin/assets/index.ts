import type { EditParts } from '../common/parts.js';
import { AssetForm } from './AssetForm.js';

/** What an asset's save sends: the fields an editor changes; the file, sizes and uses are the server's. */
const EDITABLE = ['name', 'alt', 'caption', 'folder_id', 'focal_x', 'focal_y'] as const;

const parts: EditParts = {
  form: AssetForm,
  transformEdit: (data: Record<string, unknown>) => Object.fromEntries(EDITABLE.filter((field) => field in data).map((field) => [field, data[field]])),
};

export default parts;
