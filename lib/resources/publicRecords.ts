import type { DownloadFile, PublicImage } from '../types.js';
import type { PublicDeclaration, ResourceDescriptor } from './descriptor.js';
import type { Field } from './fields.js';

/**
 * The types of what visitors read, derived from the declarations: a field's kind gives its value's type, and a
 * resource's public part names the fields of its list items and of its pages. A page's `+data.ts` reads them
 * typed by the resource's name alone.
 */

/** A declared field's value as visitors read it. */
export type PublicValue<F extends Field> = F extends { kind: 'integer' }
  ? F extends { required: true }
    ? number
    : number | null
  : F extends { kind: 'flag' }
    ? 0 | 1
    : F extends { kind: 'choice'; choices: readonly { id: infer Id }[] }
      ? F extends { nullable: true }
        ? Id | null
        : Id
      : F extends { kind: 'reference' }
        ? number | null
        : F extends { kind: 'image' }
          ? PublicImage | null
          : F extends { kind: 'files' }
            ? DownloadFile | null
            : F extends { kind: 'date' }
              ? F extends { required: true }
                ? string
                : string | null
              : string;

/** Columns every public record may show besides its declared fields. */
interface SystemColumns {
  views: number;
  created_at: string;
  updated_at: string;
}

type Described = ResourceDescriptor & { public: PublicDeclaration | undefined };

/** A record with `id` and the named fields of resource `R`. */
export type RecordWith<R extends Described, Names extends string> = { id: number } & {
  [Name in Names]: Name extends keyof SystemColumns
    ? SystemColumns[Name]
    : Name extends keyof R['fields']
      ? R['fields'][Name] extends Field
        ? PublicValue<R['fields'][Name]>
        : never
      : never;
};

type ListOf<R extends Described> = NonNullable<NonNullable<R['public']>['list']>;
type PageOf<R extends Described> = NonNullable<NonNullable<R['public']>['page']>;

/** An item of the resource's public list. */
export type ListItem<R extends Described> = RecordWith<R, ListOf<R>['fields'][number]>;

/** A record as its public page shows it (with `views` when opening it counts a read). */
export type PageRecord<R extends Described> = RecordWith<R, PageOf<R>['fields'][number] | (PageOf<R> extends { countsViews: true } ? 'views' : never)> &
  // Shown in Russian under another language's address, the record having no version in it.
  (PageOf<R> extends { russianFallback: true } ? { inRussian?: true } : unknown);

/** The filters a list page may set: each declared filter's value, or absent. */
export type ListFilters<R extends Described> = {
  [Name in ListOf<R>['filters'][number]]?: Name extends keyof R['fields']
    ? R['fields'][Name] extends Field
      ? NonNullable<PublicValue<R['fields'][Name]>>
      : never
    : never;
};
