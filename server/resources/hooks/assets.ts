import { z } from 'zod';
import { assets, resourceNamed, type ResourceName } from '../../../lib/resources/index.js';
import { keysOfAssetFile } from '../../assets/files.js';
import { keysOfPrevious } from '../../assets/previous.js';
import { fileWithFocal } from '../../assets/focal.js';
import { claimFiles, keepAssetWords, type AssetRow } from '../../assets/library.js';
import { keepUsesNaming } from '../../assets/uses.js';
import { presentAssets } from '../../assets/present.js';
import { rewriteUses } from '../../assets/replace.js';
import { requirePublishOverLiveUses, requireRightsOverUses } from '../../assets/rights.js';
import { assetAdminRoutes } from '../../assets/routes.js';
import type { ResourceHooks } from '../hooks.js';
import { hooksOf } from '../index.js';
import { presenterOf } from '../present.js';
import { removeRecord } from '../writes.js';

/** A focal point's coordinate: from the left (x) or top (y) edge, 0 to 1. */
const focal = z.number({ error: 'Ожидается число от 0 до 1.' }).min(0, 'Ожидается число от 0 до 1.').max(1, 'Ожидается число от 0 до 1.');

const tableOf = (name: string): string => resourceNamed(name)?.table ?? name;

/**
 * The library's assets: read with their folder, address and uses; their update also sets the focal point, which cuts
 * the picture's crops again and points every use to them; their
 * removal (into the trash) keeps the files only while no record uses them, since a used asset's files stay the
 * records' own. A restored asset claims its files again, and is used again by the texts that name it.
 */
export const assetHooks: ResourceHooks = {
  present: presentAssets,
  fieldSchemas: { focal_x: focal, focal_y: focal },
  columns: async ({ request, trx, files, values, current }) => {
    // A new focal point cuts the crops the records using the picture show: their rights are needed, as for a
    // replacement, and the right to publish the live ones where they are under review.
    if (current && (values.focal_x !== undefined || values.focal_y !== undefined)) {
      await requireRightsOverUses(trx, request.user, current.id);
      const moves = ['focal_x', 'focal_y'].some((name) => values[name] !== undefined && Number(values[name]) !== Number(current[name]));
      if (moves) await requirePublishOverLiveUses(trx, request.user, current.id);
    }
    const focal = Object.fromEntries(['focal_x', 'focal_y'].filter((name) => values[name] !== undefined).map((name) => [name, values[name]]));
    const file = current && (await fileWithFocal(trx, request.server.files, files, current, values));
    return file ? { ...focal, file } : focal;
  },
  afterWrite: async ({ request, trx, current }, row) => {
    if (current && (current.name !== row.name || current.alt !== row.alt)) await keepAssetWords(trx, [row as unknown as AssetRow]);
    if (!current || current.file === row.file) return;
    await claimFiles(trx, row.id, String(row.file));
    await rewriteUses(trx, request, current as unknown as AssetRow, row as unknown as AssetRow);
  },
  filesOf: async (trx, row) => {
    const used = await trx.selectFrom('asset_uses').select('asset_id').where('asset_id', '=', row.id).executeTakeFirst();
    // The file kept from before the last replacement stays with the removed asset, to be undone after a restore too.
    const previous = keysOfPrevious(row.previous_file as string | null);
    return used ? previous : [...keysOfAssetFile(String(row.file)), ...previous];
  },
  afterRestore: async (trx, row) => {
    await claimFiles(trx, row.id, String(row.file));
    await keepUsesNaming(trx, row.id, (resource, user) => hooksOf(resource.name as ResourceName).assetKeys?.(trx, user) ?? Promise.resolve(undefined));
    await keepAssetWords(trx, [row as unknown as AssetRow]);
  },
  routes: (app) =>
    assetAdminRoutes(app, async (request, id) => {
      const options = { request, resource: assets, hooks: assetHooks, tableOf, action: 'delete', present: presenterOf(assets, assetHooks) };
      return (await removeRecord(options, id)).before;
    }),
};
