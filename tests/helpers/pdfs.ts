import { deflateSync } from 'node:zlib';

/** A PDF of one page from its objects (the first is the catalog), with a cross-reference table. */
function pdfOf(objects: readonly (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.5\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(length);
    const part = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      Buffer.isBuffer(object) ? object : Buffer.from(object, 'latin1'),
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(part);
    length += part.length;
  });
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
}

/** A Flate-compressed stream object with its dictionary's other entries. */
const flateStream = (entries: string, data: Buffer): Buffer => {
  const compressed = deflateSync(data);
  return Buffer.concat([
    Buffer.from(`<< ${entries} /Filter /FlateDecode /Length ${compressed.length} >>\nstream\n`, 'latin1'),
    compressed,
    Buffer.from('\nendstream', 'latin1'),
  ]);
};

/** A scan: one page showing one grey picture, its content stream compressed, no text anywhere. */
export function scannedPdf(): Buffer {
  const pixels = Buffer.alloc(64 * 64, 0x80);
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /XObject << /Im0 5 0 R >> >> >>',
    flateStream('', Buffer.from('q 595 0 0 842 0 0 cm /Im0 Do Q', 'latin1')),
    flateStream('/Type /XObject /Subtype /Image /Width 64 /Height 64 /ColorSpace /DeviceGray /BitsPerComponent 8', pixels),
  ]);
}

/** A PDF with a text layer whose content stream is compressed, as most producers write it. */
export function compressedTextPdf(): Buffer {
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    flateStream('', Buffer.from('BT\n/F1 18 Tf\n72 720 Td\n[(Annual) -250 (report)] TJ\nET', 'latin1')),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}
