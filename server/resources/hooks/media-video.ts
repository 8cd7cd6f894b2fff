import { closeGap, moveInList, nextPosition, placeAt, type OrderedList } from '../../records/ordering.js';
import { presentVideo } from '../../records/records.js';
import type { MediaVideoRow } from '../../db/schema.js';
import { imageFiles } from '../../files/images.js';
import { HttpError } from '../../http/errors.js';
import { nowIso } from '../../content/visibility.js';
import type { ResourceHooks, Row, Trx } from '../hooks.js';

/** Fixed videos come first on the video tab, ordered by `fixed_order` 1, 2, 3… */
const FIXED_VIDEOS: OrderedList = { table: 'media_video', column: 'fixed_order', scope: { column: 'fixed', value: 1 }, first: 1 };

export const NOT_FIXED_MESSAGE = 'Видео не закреплено.';

const setFixed = (trx: Trx, id: number, fixed: 0 | 1, order: number | null) =>
  trx.updateTable('media_video').set({ fixed, fixed_order: order, updated_at: nowIso() }).where('id', '=', id).execute();

const moveFixed = (direction: 'up' | 'down') => async (trx: Trx, row: Row) => {
  if (!row.fixed) throw new HttpError(400, NOT_FIXED_MESSAGE);
  await moveInList(trx, FIXED_VIDEOS, row.id, direction);
};

export const mediaVideoHooks: ResourceHooks = {
  present: (_db, rows) => rows.map((row) => presentVideo(row as unknown as MediaVideoRow)),
  filesOf: async (_trx, row) => imageFiles((row.preview as string | null) ?? null),
  afterRemove: async (trx, row) => {
    if (row.fixed) await closeGap(trx, FIXED_VIDEOS);
  },
  afterRestore: async (trx, row) => {
    if (row.fixed) await placeAt(trx, FIXED_VIDEOS, row.id, Number(row.fixed_order));
  },
  verbs: {
    // Fix appends to the end of the fixed order; fixing a fixed video changes nothing.
    fix: async (trx, row) => {
      if (!row.fixed) await setFixed(trx, row.id, 1, await nextPosition(trx, FIXED_VIDEOS));
    },
    // Unfix takes the video out of the fixed order and closes the gap it leaves.
    unfix: async (trx, row) => {
      if (!row.fixed) return;
      await setFixed(trx, row.id, 0, null);
      await closeGap(trx, FIXED_VIDEOS);
    },
    'move-up-fixed': moveFixed('up'),
    'move-down-fixed': moveFixed('down'),
  },
};
