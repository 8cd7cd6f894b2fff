import { getHTMLFromFragment, getSchema } from '@tiptap/core';
import { DOMParser as SchemaParser } from '@tiptap/pm/model';
import { RICH_TEXT_EXTENSIONS } from './extensions.js';

let parser: { schema: ReturnType<typeof getSchema>; parse: SchemaParser } | null = null;

/**
 * Rich HTML as the editor writes it: stored HTML (from the server's sanitiser, an import or the API) read into the
 * editor's schema and written back. Versions compared this way differ only where their content differs, never
 * because one came from the editor and the other from the database.
 */
export function editorHtml(html: string): string {
  parser ??= (() => {
    const schema = getSchema(RICH_TEXT_EXTENSIONS);
    return { schema, parse: SchemaParser.fromSchema(schema) };
  })();
  // An inert document: nothing in it loads or runs while it is read.
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return getHTMLFromFragment(parser.parse.parse(body).content, parser.schema);
}
