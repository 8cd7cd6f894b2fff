import type { Values, WriteContext } from '../hooks.js';
import { declared } from '../../db/declared.js';

/**
 * A position the editor may set; left out on add, the record goes to the end of its list (the rows sharing
 * `scope`, or the whole table).
 */
export const positionAtEnd =
  (table: string, scope?: string) =>
  async ({ trx, values, current }: WriteContext): Promise<Values> => {
    if (current || values.position !== undefined) return {};
    let query = declared(trx)
      .selectFrom(table)
      .select((eb) => eb.fn.max('position').as('last'));
    if (scope) query = query.where(scope, '=', values[scope]);
    const last = (await query.executeTakeFirst())?.last;
    return { position: last === null || last === undefined ? 0 : Number(last) + 1 };
  };
