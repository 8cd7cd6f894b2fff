/** A seeded PRNG (mulberry32): the same seed gives the same requests, so a failure can be replayed. */
export function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}

export type Random = ReturnType<typeof prng>;

/** Seeded random bytes (node:crypto's would make a failure impossible to replay). */
const randomBytes = (length: number, random: Random = currentRandom) => Buffer.from(Array.from({ length }, () => random.int(256)));
let currentRandom: Random = prng(1);

/** Field names the API knows, so that random bodies reach validation of real fields as well as unknown ones. */
const FIELD_NAMES = [
  'title',
  'slug',
  'lead',
  'content',
  'image_alt',
  'public_at',
  'published',
  'seo_title',
  'seo_description',
  'url',
  'source_id',
  'parent_id',
  'kind',
  'position',
  'email',
  'name',
  'password',
  'role',
  'active',
  'identifier',
  'section',
  'fixed',
  'video_url',
  'hex',
  'rgb',
  'cmyk',
  'pantone',
  'type',
  'keep_file_ids',
  'category_id',
  'group_id',
  'logo',
  'id',
  'q',
  'items',
  'network',
  '__proto__',
  'constructor',
  'toString',
  '',
] as const;

const STRINGS = [
  '',
  ' ',
  'a',
  'Новость',
  'x'.repeat(300),
  'y'.repeat(5000),
  'a\u0000b',
  '\u0000',
  '\u0001\u0002\u001f\u007f',
  'line\r\nbreak\ttab',
  '😀🎉',
  '\uD800',
  '\uDFFF lone',
  '\u202Eevil',
  '<script>alert(1)</script>',
  '<div id="vike_pageContext">{}</div>',
  '"><img src=x onerror=alert(1)>',
  "' or 1=1 --",
  '%00',
  '%E0%A4%A',
  '../../etc/passwd',
  '/\\evil.example',
  '//evil.example',
  'javascript:alert(1)',
  'https://example.com/a',
  '/news',
  '2026-01-31T09:00:00Z',
  '9999-99-99',
  '0000-00-00T00:00:00Z',
  'manager@example.com',
  'not-an-email',
  'USER',
  'MANAGER',
  'main',
  'footer',
  'investoram',
  'logo',
  'colour',
  '#ffffff',
  '255, 255, 255',
  '0, 0, 0, 100',
  '2945 C',
  '1,2,3',
  '[1,2]',
  'true',
  'false',
  'null',
  '1',
  '0',
  '-1',
  '2147483648',
  '99999999999',
  '9007199254740993',
  '1e308',
  'NaN',
  'Infinity',
  '0x10',
  ' 1 ',
  '01',
] as const;

const NUMBERS = [0, 1, -1, 2, 42, 2147483647, 2147483648, -2147483649, 99999999999, 9007199254740991, 1e308, -1e308, 0.5, 1e-9, 123456789012345] as const;

export function randomValue(random: Random, depth = 0): unknown {
  currentRandom = random;
  const kind = random.int(depth > 2 ? 4 : 7);
  switch (kind) {
    case 0:
      return random.pick(STRINGS);
    case 1:
      return random.pick(NUMBERS);
    case 2:
      return random.pick([true, false, null]);
    case 3:
      return random.chance(0.5)
        ? randomBytes(random.int(40)).toString('latin1')
        : String.fromCharCode(...Array.from({ length: random.int(30) }, () => random.int(0x3000)));
    case 4:
      return Array.from({ length: random.int(5) }, () => randomValue(random, depth + 1));
    case 5:
      return randomObject(random, depth + 1);
    default:
      return random.chance(0.1) ? 'z'.repeat(200_000) : random.pick(STRINGS);
  }
}

export function randomObject(random: Random, depth = 0): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  const count = random.int(8);
  for (let index = 0; index < count; index++) {
    const name = random.chance(0.8) ? random.pick(FIELD_NAMES) : random.pick(STRINGS).slice(0, 40);
    Object.defineProperty(object, name, { value: randomValue(random, depth), enumerable: true, writable: true, configurable: true });
  }
  return object;
}

/** encodeURIComponent that survives lone surrogates (which it refuses): they are sent as their raw UTF-8 bytes. */
export function safeEncode(text: string): string {
  return text.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\s\S]/g, (char) => {
    try {
      return encodeURIComponent(char);
    } catch {
      return '%ED%A0%80';
    }
  });
}

/** Values for a path parameter: ids in and out of range, encodings, control characters, overlong keys. */
export function randomParam(random: Random): string {
  return random.pick([
    '1',
    '2',
    '3',
    '0',
    '-1',
    '01',
    '2147483647',
    '2147483648',
    '999999999999999',
    '9999999999999999999999',
    '1.5',
    '1e3',
    'abc',
    'smart-horizont',
    'o-kompanii',
    '%00',
    '%00abc',
    'a%00b',
    '%E0%A4%A',
    '%C0%AF',
    '%FF',
    '..%2F..%2Fetc',
    '%2e%2e',
    '%20',
    '%0A',
    'x'.repeat(250),
    'й',
    '%D0%B9',
    '😀',
    'null',
    'undefined',
    '[1]',
    '%7B%7D',
  ]);
}

const QUERY_KEYS = ['page', 'ourPage', 'sort', 'range', 'filter', 'q', 'id', 'kind', 'section', '__proto__', 'page[]', 'a'] as const;

/** A query string: known and unknown keys, JSON that is and is not valid, repeats and broken encodings. */
export function randomQuery(random: Random): string {
  if (random.chance(0.3)) return '';
  const parts: string[] = [];
  const count = 1 + random.int(4);
  for (let index = 0; index < count; index++) {
    const key = random.pick(QUERY_KEYS);
    const value = random.pick([
      () => safeEncode(JSON.stringify(randomValue(random))),
      () => safeEncode(JSON.stringify(['title', random.pick(['ASC', 'DESC', 'x'])])),
      () => safeEncode(JSON.stringify([random.pick(NUMBERS), random.pick(NUMBERS)])),
      () => safeEncode(JSON.stringify({ id: [random.pick(NUMBERS)], q: random.pick(STRINGS), published: random.pick(NUMBERS) })),
      () => random.pick(['1', '2', '0', '-1', '1e3', '999999999999999999', '%00', '%E0%A4%A', '%', '{', '[1,', 'null', '']),
    ])();
    parts.push(`${key}=${value}`);
  }
  return `?${parts.join('&')}`;
}

export interface FuzzBody {
  payload?: string | Buffer;
  contentType?: string;
}

/** A body of a random kind: JSON of any shape, malformed JSON, multipart with random parts, forms, plain bytes. */
export function randomBody(random: Random, png: Buffer): FuzzBody {
  currentRandom = random;
  const kind = random.int(10);
  switch (kind) {
    case 0:
      return {};
    case 1:
    case 2:
    case 3:
      return { payload: JSON.stringify(randomObject(random)), contentType: 'application/json' };
    case 4:
      return {
        payload: JSON.stringify(randomValue(random)),
        contentType: random.pick(['application/json', 'application/json; charset=utf-8', 'application/vnd.api+json']),
      };
    case 5:
      return {
        payload: random.pick([
          '{',
          '{"a":',
          '[1,2',
          '{"title":"x"',
          'nul',
          '\u0000',
          '{"a":1}}',
          '{"__proto__":{"x":1}}',
          '',
          ' ',
          '{"a":"\\ud800"}',
          '{"a":1e999}',
        ]),
        contentType: 'application/json',
      };
    case 6:
    case 7:
      return multipartBody(random, png);
    case 8:
      return { payload: `title=${safeEncode(random.pick(STRINGS))}&a=%00&b=%E0%A4%A`, contentType: 'application/x-www-form-urlencoded' };
    default:
      return {
        payload: randomBytes(random.int(200)),
        contentType: random.pick(['text/plain', 'application/octet-stream', 'image/png', 'multipart/form-data', 'application/json', 'x/y; z']),
      };
  }
}

function multipartBody(random: Random, png: Buffer): FuzzBody {
  const boundary = `----fuzz${random.int(1e9)}`;
  const chunks: Buffer[] = [];
  const count = random.int(6);
  for (let index = 0; index < count; index++) {
    const name = random.chance(0.8) ? random.pick(FIELD_NAMES) : random.pick(['image', 'files', 'logo', 'preview', 'file', 'a"b', '']);
    if (random.chance(0.35)) {
      const filename = random.pick(['a.png', 'a.jpg', 'a.svg', 'a.pdf', 'a.eps', 'a.gif', '../../x.png', 'a', '', 'a.PNG', 'a\u0000.png']);
      const data = random.pick([
        png,
        randomBytes(random.int(500)),
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'),
        Buffer.from('%PDF-1.4 x'),
        Buffer.alloc(0),
      ]);
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
        data,
        Buffer.from('\r\n'),
      );
    } else {
      const raw = randomValue(random);
      const value = (typeof raw === 'object' && raw !== null ? JSON.stringify(raw) : String(raw)).slice(0, 3000);
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    }
  }
  // Sometimes the closing boundary is missing or the stream is cut short.
  if (!random.chance(0.15)) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const contentType = random.chance(0.1) ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}`;
  return { payload: Buffer.concat(chunks), contentType };
}
