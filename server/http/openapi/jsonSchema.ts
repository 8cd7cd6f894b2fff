import { z } from 'zod';
import type { JsonSchema } from './operation.js';

/**
 * zod → JSON Schema 2020-12 (the dialect of OpenAPI 3.1). Schemas given an id (`.meta({ id })`) are shared: they
 * go to the document's `components.schemas` once and are referenced from every place that uses them, which also
 * lets recursive shapes (a menu item's children) be described.
 */

const COMPONENTS = '#/components/schemas/';
const DEFS = '#/$defs/';

/** The same value with references to `$defs` pointing to the document's components instead. */
function relink(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(relink);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, key === '$ref' && typeof item === 'string' ? item.replace(DEFS, COMPONENTS) : relink(item)]),
  );
}

export const isZod = (schema: unknown): schema is z.ZodType => schema instanceof z.ZodType;

/**
 * A route part or an answer as JSON Schema: `input` for what a client sends (before defaults and transforms),
 * `output` for what the server answers. Shared schemas are added to `components`. Anything not zod is kept.
 */
export function toJsonSchema(schema: unknown, io: 'input' | 'output', components: Record<string, unknown>): unknown {
  if (!isZod(schema)) return schema;
  // The dialect is the document's own; shared definitions move to its components.
  const converted = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema & { $defs?: Record<string, unknown> };
  for (const [id, definition] of Object.entries(converted.$defs ?? {})) components[id] = relink(definition);
  return relink(Object.fromEntries(Object.entries(converted).filter(([key]) => key !== '$schema' && key !== '$defs')));
}
