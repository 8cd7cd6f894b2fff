import type { QueryLog } from '../db/queryLog.js';
import type { Stored } from './pageCache.js';

/** How many bytes of the process a page-cache entry holds: what the cache counts against its setting. */

/**
 * What an entry costs besides its bytes, strings and slots counted below: the stored objects (the entry, its three
 * variants and their headers' objects, its read log with its empty sets and maps), the LRU's and the read index's
 * entries for its key, and the room the garbage-collected heap keeps around live objects, which the process holds as
 * much as the objects. Measured with `bench/pageCacheMemory.ts` (SQLite, 12,000 unique search answers through the
 * whole server, after a full collection): with the cache full at 64 MB, the process's RSS grew 71.2 MB more with the
 * cache on than off, 8,864 bytes an entry (the heap's used bytes and array buffers 4,113), of which the other terms
 * count 3,871; the 4,993 left are rounded up, so that a full cache holds about what its setting says.
 */
const ENTRY_OVERHEAD = 5120;
/** A header's property in its headers' object (its slot and descriptor), beside the name's and value's strings. */
const HEADER_OVERHEAD = 32;
/** One member of a Set or Map (its hash table slot and bucket): a read record's id, a key in the read index's sets. */
const SLOT_BYTES = 32;
/** A string's own header in V8, before its characters. */
const STRING_OVERHEAD = 16;
/** Any character past Latin-1 makes V8 keep the whole string two bytes a character. */
const WIDE = /[\u0100-\uffff]/;

const stringBytes = (text: string): number => STRING_OVERHEAD + (WIDE.test(text) ? 2 : 1) * text.length;

/**
 * A headers' object: a slot per header, and the name's and value's strings unless `shared` holds the same (the
 * variants and the 304 answer are copies of one set of headers, whose strings they share).
 */
function headersBytes(headers: Record<string, string>, shared: Record<string, string> | null): number {
  let bytes = 0;
  for (const [name, value] of Object.entries(headers)) {
    bytes += HEADER_OVERHEAD;
    if (shared?.[name] !== value) bytes += stringBytes(name) + stringBytes(value);
  }
  return bytes;
}

/** What a render's read log holds and the slots its key takes in the read index, one per table, list and record. */
function readsBytes(reads: QueryLog): number {
  let bytes = 2 * SLOT_BYTES * (reads.read.size + reads.lists.size + reads.records.size);
  for (const lists of reads.lists.values()) {
    for (const list of lists) {
      bytes += SLOT_BYTES * (1 + list.columns.length + (list.selected?.length ?? 0) + (list.ids?.size ?? 0));
      for (const [column, values] of Object.entries(list.filters)) {
        bytes += SLOT_BYTES + stringBytes(column);
        for (const value of values) bytes += SLOT_BYTES + stringBytes(value);
      }
    }
  }
  // Each record read is an id in the log and a key in the index's set of that record (its tag a string of its own).
  for (const [table, ids] of reads.records) bytes += ids.size * (3 * SLOT_BYTES + stringBytes(`${table}#`) + 10);
  return bytes;
}

/**
 * The bytes an entry really holds: every body (identity, gzip, Brotli, in one block of exactly their size), the
 * headers' names and values and a slot for each header of each variant and of the 304 answer, its key (kept by the
 * LRU and the read index), what its render read, and the fixed cost of its objects.
 */
export function entryBytes(key: string, entry: Stored): number {
  const { response } = entry;
  let bytes = ENTRY_OVERHEAD + stringBytes(key) + stringBytes(response.etag) + readsBytes(entry.reads);
  const shared = response.identity.headers;
  bytes += response.identity.body.length + headersBytes(shared, null);
  for (const variant of [response.gzip, response.br]) bytes += variant.body.length + headersBytes(variant.headers, shared);
  return bytes + headersBytes(response.notModified, shared);
}
