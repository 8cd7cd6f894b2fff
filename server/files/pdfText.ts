import { constants, inflateSync } from 'node:zlib';

/**
 * Whether a PDF has a text layer, read from its bytes within a budget (the check runs in the process that serves
 * every visitor): a page's text is drawn by text operators (`BT` … `Tj`/`TJ` … `ET`) in its content streams, which
 * are usually Flate-compressed. A scan has pictures only. Answers `true` (text found), `false` (every content
 * stream read, no text in any) or `null` (cannot tell: encrypted, a filter we do not read, or the budget ran out),
 * so that only a sure scan is reported as one.
 */

/** At most this many bytes are inflated across all streams, and this many per stream. */
const INFLATED_BUDGET = 16 * 1024 * 1024;
const STREAM_INFLATED_MAX = 4 * 1024 * 1024;
/** At most this many streams are looked at, within this many milliseconds. */
const STREAMS_MAX = 5000;
const TIME_BUDGET_MS = 300;
/** How far before `stream` its dictionary is looked for. */
const DICTIONARY_REACH = 2048;

const STREAM = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');

/** A text object showing text: `BT`, then within it a text-showing operator. */
const SHOWS_TEXT = /(?:^|[\s\]>)])BT\s[\s\S]{0,4096}?[)>\]]\s*(?:Tj|TJ|'|")(?:\s|$)/;

/** The dictionary that opens the stream whose `stream` keyword is at `at`: the text from its object's start. */
function dictionaryBefore(pdf: Buffer, at: number): string {
  const from = Math.max(0, at - DICTIONARY_REACH);
  const text = pdf.toString('latin1', from, at);
  const objectStart = text.lastIndexOf(' obj');
  return objectStart >= 0 ? text.slice(objectStart) : text;
}

/** Where a stream's data starts: after `stream` and its end of line. */
function dataStart(pdf: Buffer, keywordAt: number): number {
  let at = keywordAt + STREAM.length;
  if (pdf[at] === 0x0d) at += 1;
  if (pdf[at] === 0x0a) at += 1;
  return at;
}

type StreamText = { text: string } | { unreadable: true } | null;

/** A content stream's text, inflated within the budget left; null for a stream that is no content (a picture, a font). */
function streamText(dictionary: string, data: Buffer, budgetLeft: number): StreamText {
  if (/\/Subtype\s*\/(?:Image|Type1C|CIDFontType0C|OpenType|XML)\b/.test(dictionary)) return null;
  if (/\/Type\s*\/(?:XRef|ObjStm|Metadata|EmbeddedFile)\b/.test(dictionary) || /\/Length[123]\b/.test(dictionary)) return null;
  const filter = /\/Filter\s*(\[[^\]]*\]|\/\w+)/.exec(dictionary)?.[1] ?? '';
  const filters = filter.match(/\/\w+/g) ?? [];
  if (filters.length === 0) return { text: data.toString('latin1') };
  if (filters.length !== 1 || (filters[0] !== '/FlateDecode' && filters[0] !== '/Fl')) return { unreadable: true };
  if (/\/DecodeParms/.test(dictionary) && /\/Predictor\s*(?:1\d|[2-9])/.test(dictionary)) return null;
  try {
    const inflated = inflateSync(data, { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: Math.min(STREAM_INFLATED_MAX, budgetLeft) });
    return { text: inflated.toString('latin1') };
  } catch {
    return { unreadable: true };
  }
}

export function pdfHasText(pdf: Buffer, now: () => number = Date.now): boolean | null {
  const started = now();
  // An encrypted document's streams cannot be read without its key.
  if (pdf.includes('/Encrypt')) return null;
  let inflatedLeft = INFLATED_BUDGET;
  let unreadable = false;
  let streams = 0;
  let searchFrom = 0;
  for (;;) {
    const keywordAt = pdf.indexOf(STREAM, searchFrom);
    if (keywordAt < 0) break;
    // `endstream` contains `stream`: skip it.
    if (keywordAt >= 3 && pdf.toString('latin1', keywordAt - 3, keywordAt) === 'end') {
      searchFrom = keywordAt + STREAM.length;
      continue;
    }
    streams += 1;
    if (streams > STREAMS_MAX || inflatedLeft <= 0 || now() - started > TIME_BUDGET_MS) return null;
    const start = dataStart(pdf, keywordAt);
    const end = pdf.indexOf(END_STREAM, start);
    if (end < 0) break;
    const dictionary = dictionaryBefore(pdf, keywordAt);
    const read = streamText(dictionary, pdf.subarray(start, end), inflatedLeft);
    searchFrom = end + END_STREAM.length;
    if (read === null) continue;
    if ('unreadable' in read) {
      unreadable = true;
      continue;
    }
    inflatedLeft -= read.text.length;
    if (SHOWS_TEXT.test(read.text)) return true;
  }
  if (unreadable || streams === 0) return null;
  return false;
}
