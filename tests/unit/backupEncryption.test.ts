import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { DecryptingStream, EncryptingStream, MAGIC } from '../../server/backup/encryption.js';

const KEY = 'a passphrase for the frame tests';
/** Where the first frame's last-frame flag sits: after the magic, the 16-byte salt and the frame's 4-byte length. */
const FIRST_FLAG = MAGIC.length + 16 + 4;

async function encrypt(plain: Buffer): Promise<Buffer> {
  const sealing = new EncryptingStream(KEY);
  const sealed = buffer(sealing);
  await pipeline(Readable.from([plain]), sealing);
  return sealed;
}

const decrypt = async (sealed: Buffer) => buffer(Readable.from([sealed]).pipe(new DecryptingStream(KEY)));

describe('encrypted archive frames', () => {
  it('opens what it sealed, over several frames', async () => {
    const plain = randomBytes(150 * 1024);
    const sealed = await encrypt(plain);
    expect(sealed[FIRST_FLAG]).toBe(0);
    expect((await decrypt(sealed)).equals(plain)).toBe(true);
  });

  it('refuses a last-frame flag other than 0 and 1', async () => {
    const sealed = await encrypt(randomBytes(150 * 1024));
    for (const flag of [2, 0x80, 0xff]) {
      const tampered = Buffer.from(sealed);
      tampered[FIRST_FLAG] = flag;
      await expect(
        new Promise<void>((resolve, reject) => {
          const opening = new DecryptingStream(KEY);
          opening.on('error', reject);
          opening.on('end', resolve);
          opening.resume();
          opening.end(tampered);
        }),
        `flag ${flag}`,
      ).rejects.toThrow(/unknown last-frame flag/);
    }
  });
});
