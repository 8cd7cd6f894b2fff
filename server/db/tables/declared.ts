import type { Generated } from 'kysely';
import type { Field, ResourceDescriptor } from '../../../lib/resources/index.js';
import type { CreatedAt, Flag, Timestamp } from './columns.js';

/** A declared field's column: text as text, dates as ISO text, flags as 0/1, pictures and files as JSON text. */
type ColumnOf<F extends Field> = F extends { kind: 'integer' | 'reference' }
  ? F extends { required: true }
    ? number
    : number | null
  : F extends { kind: 'flag' }
    ? Flag
    : F extends { kind: 'date' }
      ? F extends { required: true }
        ? Timestamp
        : Timestamp | null
      : F extends { kind: 'choice' }
        ? F extends { nullable: true }
          ? string | null
          : string
        : F extends { kind: 'image' | 'files' }
          ? string | null
          : string;

/**
 * The table of a resource that needs no columns beyond its declaration: `id`, a column per declared field, and
 * the timestamps when it declares them. A new resource's table type is this one line in the schema.
 */
export type DeclaredTable<R extends ResourceDescriptor> = { id: Generated<number> } & {
  // The declarations' own field names, not the index signature every descriptor's `fields` also carries.
  [Name in keyof R['fields'] as string extends Name ? never : Name]: R['fields'][Name] extends Field ? ColumnOf<R['fields'][Name]> : never;
} & (R extends { timestamps: true } ? { created_at: CreatedAt; updated_at: Timestamp } : unknown);
