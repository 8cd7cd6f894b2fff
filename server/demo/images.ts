import sharp from 'sharp';

/** Pictures for the demo content, drawn here so that a first start needs no network and no shipped binaries. */

export function illustrationSvg(seed: number, width = 1200, height = 675): string {
  const hue = (seed * 47) % 360;
  const circles = Array.from({ length: 6 }, (_, i) => {
    const x = ((seed * 97 + i * 211) % width).toString();
    const y = ((seed * 53 + i * 137) % height).toString();
    const r = 40 + ((seed * 31 + i * 71) % 160);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="hsl(${(hue + i * 25) % 360},70%,${55 + (i % 3) * 10}%)" fill-opacity="0.55"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="hsl(${hue},65%,32%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},70%,55%)"/>
</linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${circles}</svg>`;
}

/** How a drawing becomes pixels: illustrations as JPEG, brand marks as PNG (they keep their transparency). */
export type RasterFormat = 'jpeg' | 'png';

export function rasterise(svg: string, format: RasterFormat): Promise<Buffer> {
  const image = sharp(Buffer.from(svg));
  return (format === 'jpeg' ? image.jpeg({ quality: 85 }) : image.png()).toBuffer();
}

/** A brand mark: a rounded square and bars, in the given colour; shapes only, so no font is needed. */
export function logoSvg(colour: string, background = 'none'): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="160" viewBox="0 0 480 160">
<rect width="480" height="160" fill="${background}"/>
<rect x="16" y="16" width="128" height="128" rx="28" fill="${colour}"/>
<path d="M48 104 L80 56 L112 104 Z" fill="#fff"/>
<rect x="168" y="40" width="280" height="24" rx="12" fill="${colour}"/>
<rect x="168" y="88" width="200" height="24" rx="12" fill="${colour}" fill-opacity="0.6"/>
</svg>`;
}

/** A one-page PDF saying which demo document it stands for (ASCII only: the base fonts have no Cyrillic). */
export function renderDocumentPdf(label: string): Buffer {
  const text = label.replace(/[^\x20-\x7e]/g, '').replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
