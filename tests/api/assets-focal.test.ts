import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cropRegion } from '../../server/files/images.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo } from '../helpers/fixtures.js';
import { startObjectStorage, type TestObjectStorage } from '../helpers/s3.js';
import { adminHeaders, postForm } from './admin-helpers.js';

interface Crop {
  shape: 'card' | 'photo' | 'og';
  src: string;
  width: number;
  height: number;
}

/** A wide picture, red on its left half and blue on its right: where a crop was cut shows in its colour. */
async function redBlue(width = 1600, height = 400): Promise<Buffer> {
  const half = { create: { width: width / 2, height, channels: 3, background: '#0000ff' } } as const;
  return sharp({ create: { width, height, channels: 3, background: '#ff0000' } })
    .composite([{ input: await sharp(half).png().toBuffer(), left: width / 2, top: 0 }])
    .png()
    .toBuffer();
}

/** Which half of the picture a served crop shows: red or blue all over (a few levels of compression aside), or both. */
async function halfOf(app: TestApp['app'], src: string): Promise<'red' | 'blue' | 'both'> {
  const { channels } = await sharp((await app.inject(src)).rawPayload).stats();
  const [red, blue] = [channels[0]!, channels[2]!];
  if (red.min > 230 && blue.max < 25) return 'red';
  if (blue.min > 230 && red.max < 25) return 'blue';
  return 'both';
}

describe('cropRegion', () => {
  it('keeps the focal point as near the middle of the region as the edges allow', () => {
    expect(cropRegion(1600, 400, 16 / 9, { x: 0.5, y: 0.5 })).toEqual({ left: 445, top: 0, width: 711, height: 400 });
    expect(cropRegion(1600, 400, 16 / 9, { x: 0, y: 0.5 })).toEqual({ left: 0, top: 0, width: 711, height: 400 });
    expect(cropRegion(1600, 400, 16 / 9, { x: 1, y: 0.5 })).toEqual({ left: 889, top: 0, width: 711, height: 400 });
    expect(cropRegion(400, 1600, 4 / 3, { x: 0.5, y: 0.25 })).toEqual({ left: 0, top: 250, width: 400, height: 300 });
  });
});

/** Each dialect with files on disk, and SQLite with files in an S3-compatible bucket. */
const SETTINGS = [...(await testDialects()).map((dialect) => ({ dialect, s3: false })), { dialect: 'sqlite' as const, s3: true }];

describe.each(SETTINGS)('crops around the focal point on $dialect (S3: $s3)', ({ dialect, s3 }) => {
  let storage: TestObjectStorage | undefined;
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    storage = s3 ? await startObjectStorage() : undefined;
    t = await createTestApp(dialect, { env: storage?.env });
    headers = await adminHeaders(t.app, 'USER');
  });
  afterAll(async () => {
    await t.close();
    await storage?.close();
  });

  const asset = async (id: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/assets/${id}`, headers })).json().data as { version: number; crops: Crop[]; focal_x: number };
  const crop = (crops: readonly Crop[], shape: Crop['shape']) => crops.filter((one) => one.shape === shape).sort((a, b) => b.width - a.width)[0]!;

  it('cuts cards, photos and the 1200 × 630 social preview around the point, and cuts them again when it moves', async () => {
    const uploaded = await postForm(t.app, '/api/admin/assets/upload', headers, {}, [
      { field: 'file', filename: 'цех.png', data: await redBlue(), type: 'image/png' },
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const id = (uploaded.json().asset as { id: number }).id;
    const before = await asset(id);
    expect(before.crops.map(({ shape, width, height }) => [shape, width, height])).toEqual([
      ['card', 480, 270],
      ['card', 711, 400],
      ['photo', 480, 360],
      ['photo', 533, 400],
      ['og', 1200, 630],
    ]);
    const news = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/news/add',
        headers,
        payload: { title: 'Новость с фокусом', public_at: daysAgo(1), image: { asset: id } },
      })
    ).json().data as { slug: string };

    const moved = async (x: number) => {
      const version = (await asset(id)).version;
      const answer = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/assets/${id}`,
        headers: { ...headers, 'if-match': `"${version}"` },
        payload: { focal_x: x },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return (await asset(id)).crops;
    };
    const halves = async (crops: readonly Crop[]) => Promise.all((['card', 'photo', 'og'] as const).map((shape) => halfOf(t.app, crop(crops, shape).src)));
    // Cut around the centre, every crop holds both halves.
    expect(await halves(before.crops)).toEqual(['both', 'both', 'both']);
    const left = await moved(0.1);
    expect(await halves(left)).toEqual(['red', 'red', 'red']);

    const right = await moved(0.9);
    expect(await halves(right)).toEqual(['blue', 'blue', 'blue']);
    // The record that shows the picture names the new crops; the old ones are gone from the storage.
    const page = (await t.app.inject(`/api/news/item/${news.slug}`)).json().data as { image: { crops: Crop[] } };
    expect(page.image.crops).toEqual(right);
    const served = async (crops: readonly Crop[]) => Promise.all(crops.map(async (one) => (await t.app.inject(one.src)).statusCode));
    expect(await served(left)).toEqual(left.map(() => 404));
    expect(await served(right)).toEqual(right.map(() => 200));
  });

  it('leaves the crops alone when the point stays', async () => {
    const uploaded = await postForm(t.app, '/api/admin/assets/upload', headers, {}, [
      { field: 'file', filename: 'тот же.png', data: await redBlue(800, 600), type: 'image/png' },
    ]);
    const id = (uploaded.json().asset as { id: number }).id;
    const before = await asset(id);
    const answer = await t.app.inject({ method: 'PUT', url: `/api/admin/assets/${id}`, headers, payload: { alt: 'Цех', focal_x: before.focal_x } });
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await asset(id)).crops).toEqual(before.crops);
  });
});
