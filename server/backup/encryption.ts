import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/**
 * An encrypted archive: `MAGIC`, a random salt, then the compressed archive in frames of at most `FRAME_BYTES`, each
 * sealed with AES-256-GCM under a key derived from the `BACKUP_KEY` passphrase by scrypt with that salt. A frame is
 * its plaintext length (4 bytes), a flag that marks the last frame (1 byte: 1 for the last, 0 for any other), the ciphertext and its 16-byte tag; its
 * nonce is its number and the additional data binds the header, the number and the flag, so that frames cannot be
 * reordered, dropped, or cut off after a frame that was not the last: a tampered or truncated archive fails at the
 * first frame it touches, before that frame's bytes are passed on.
 */
export const MAGIC = Buffer.from('SITEBKE1');
const SALT_BYTES = 16;
const HEADER_BYTES = MAGIC.length + SALT_BYTES;
const FRAME_BYTES = 64 * 1024;
const TAG_BYTES = 16;
const FRAME_HEAD_BYTES = 5;
const SCRYPT = { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/** The archive cannot be read: damaged, cut off, or encrypted with another key. */
export class ArchiveError extends Error {}

function deriveKey(passphrase: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(passphrase, salt, 32, SCRYPT, (error, key) => (error ? reject(error) : resolve(key))));
}

function nonceOf(frame: number): Buffer {
  const nonce = Buffer.alloc(12);
  nonce.writeUInt32BE(frame, 8);
  return nonce;
}

function additionalData(header: Buffer, frame: number, last: boolean): Buffer {
  const tail = Buffer.alloc(5);
  tail.writeUInt32BE(frame, 0);
  tail[4] = last ? 1 : 0;
  return Buffer.concat([header, tail]);
}

/** Seals what passes through into frames; the header goes first. */
export class EncryptingStream extends Transform {
  private readonly header: Buffer;
  private key: Promise<Buffer>;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private frame = 0;

  constructor(passphrase: string) {
    super();
    const salt = randomBytes(SALT_BYTES);
    this.header = Buffer.concat([MAGIC, salt]);
    this.key = deriveKey(passphrase, salt);
    this.push(this.header);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    this.sealFull().then(() => done(), done);
  }

  override _flush(done: TransformCallback): void {
    this.sealFull()
      .then(async () => this.seal(Buffer.concat(this.pending), true))
      .then(() => done(), done);
  }

  /** Seals every whole frame waiting, keeping at least one byte back so that the last frame is never empty of meaning. */
  private async sealFull(): Promise<void> {
    if (this.pendingBytes <= FRAME_BYTES) return;
    let waiting = Buffer.concat(this.pending);
    while (waiting.length > FRAME_BYTES) {
      await this.seal(waiting.subarray(0, FRAME_BYTES), false);
      waiting = waiting.subarray(FRAME_BYTES);
    }
    this.pending = [waiting];
    this.pendingBytes = waiting.length;
  }

  private async seal(plain: Buffer, last: boolean): Promise<void> {
    const cipher = createCipheriv('aes-256-gcm', await this.key, nonceOf(this.frame));
    cipher.setAAD(additionalData(this.header, this.frame, last));
    const head = Buffer.alloc(FRAME_HEAD_BYTES);
    head.writeUInt32BE(plain.length, 0);
    head[4] = last ? 1 : 0;
    this.push(Buffer.concat([head, cipher.update(plain), cipher.final(), cipher.getAuthTag()]));
    this.frame++;
  }
}

/** Opens frames as they arrive and passes on only what was verified; fails on a wrong key, a change or a cut. */
export class DecryptingStream extends Transform {
  private buffered: Buffer = Buffer.alloc(0);
  private opened: { header: Buffer; key: Promise<Buffer> } | null = null;
  private frame = 0;
  private ended = false;

  constructor(private readonly passphrase: string) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    this.openFrames().then(() => done(), done);
  }

  override _flush(done: TransformCallback): void {
    if (!this.ended) return done(new ArchiveError('the archive is cut off: its last encrypted frame is missing'));
    done();
  }

  private async openFrames(): Promise<void> {
    if (!this.opened) {
      if (this.buffered.length < HEADER_BYTES) return;
      const header = this.buffered.subarray(0, HEADER_BYTES);
      if (!header.subarray(0, MAGIC.length).equals(MAGIC)) throw new ArchiveError('not an encrypted archive of this site');
      this.opened = { header, key: deriveKey(this.passphrase, header.subarray(MAGIC.length)) };
      this.buffered = this.buffered.subarray(HEADER_BYTES);
    }
    const { header, key } = this.opened;
    while (this.buffered.length >= FRAME_HEAD_BYTES) {
      if (this.ended) throw new ArchiveError('the archive has data after its last encrypted frame');
      const length = this.buffered.readUInt32BE(0);
      if (length > FRAME_BYTES) throw new ArchiveError('the archive is damaged: a frame is longer than any this site writes');
      const flag = this.buffered[4];
      // A frame is either the last (1) or not (0); any other flag is no archive this site wrote.
      if (flag !== 0 && flag !== 1) throw new ArchiveError('the archive is damaged: a frame has an unknown last-frame flag');
      const last = flag === 1;
      const total = FRAME_HEAD_BYTES + length + TAG_BYTES;
      if (this.buffered.length < total) return;
      const decipher = createDecipheriv('aes-256-gcm', await key, nonceOf(this.frame));
      decipher.setAAD(additionalData(header, this.frame, last));
      decipher.setAuthTag(this.buffered.subarray(FRAME_HEAD_BYTES + length, total));
      let plain: Buffer;
      try {
        plain = Buffer.concat([decipher.update(this.buffered.subarray(FRAME_HEAD_BYTES, FRAME_HEAD_BYTES + length)), decipher.final()]);
      } catch {
        throw new ArchiveError(
          this.frame === 0
            ? 'the archive cannot be decrypted: BACKUP_KEY is wrong or the archive is damaged'
            : 'the archive is damaged (an encrypted frame fails its check)',
        );
      }
      this.push(plain);
      this.buffered = this.buffered.subarray(total);
      this.frame++;
      this.ended = last;
    }
  }
}
