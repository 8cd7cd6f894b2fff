import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { renderDocumentPdf } from '../../server/demo/images.js';
import { pdfHasText } from '../../server/files/pdfText.js';
import { compressedTextPdf, scannedPdf } from '../helpers/pdfs.js';

describe('pdfHasText', () => {
  it('finds the text of a plain and of a compressed content stream', () => {
    expect(pdfHasText(renderDocumentPdf('Annual report'))).toBe(true);
    expect(pdfHasText(compressedTextPdf())).toBe(true);
  });

  it('tells a scan (pictures only) from a text PDF', () => {
    expect(pdfHasText(scannedPdf())).toBe(false);
  });

  it('cannot tell for an encrypted PDF, a stream filter it does not read, or a budget run out', () => {
    const encrypted = Buffer.from(scannedPdf().toString('latin1').replace('/Root 1 0 R', '/Root 1 0 R /Encrypt 9 0 R'), 'latin1');
    expect(pdfHasText(encrypted)).toBeNull();
    const lzw = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Filter /LZWDecode /Length 3 >>\nstream\nabc\nendstream\nendobj\n', 'latin1');
    expect(pdfHasText(lzw)).toBeNull();
    let clock = 0;
    expect(pdfHasText(scannedPdf(), () => (clock += 1000))).toBeNull();
  });

  it('stops inflating a stream at its cap (a compression bomb stays small)', () => {
    const bomb = deflateSync(Buffer.alloc(64 * 1024 * 1024, 0x20));
    const pdf = Buffer.concat([
      Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Filter /FlateDecode /Length ${bomb.length} >>\nstream\n`, 'latin1'),
      bomb,
      Buffer.from('\nendstream\nendobj\n', 'latin1'),
    ]);
    const started = Date.now();
    expect(pdfHasText(pdf)).toBeNull();
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
