import { describe, expect, it } from 'vitest';
import { decodedPath, encodedAddress } from '../../server/redirects/paths.js';

/** The one form redirects keep addresses in, and the `Location` built from it. */
describe('redirect paths', () => {
  it.each([
    ['/старая-страница', '/старая-страница', '/%D1%81%D1%82%D0%B0%D1%80%D0%B0%D1%8F-%D1%81%D1%82%D1%80%D0%B0%D0%BD%D0%B8%D1%86%D0%B0'],
    ['/news/%D0%BD', '/news/н', '/news/%D0%BD'],
    ['/news/%d0%bd', '/news/н', '/news/%D0%BD'],
    ['/a%2fb', '/a%2Fb', '/a%2Fb'],
    ['/skidka-100%25', '/skidka-100%25', '/skidka-100%25'],
    ['/100%2541', '/100%2541', '/100%2541'],
    ['/a b', '/a b', '/a%20b'],
    ['/news?tema=%D0%BD#x', '/news?tema=н#x', '/news?tema=%D0%BD#x'],
    ['https://example.com/страница', 'https://example.com/страница', 'https://example.com/%D1%81%D1%82%D1%80%D0%B0%D0%BD%D0%B8%D1%86%D0%B0'],
  ])('%s is kept as %s and sent as %s; decoding again changes nothing', (address, decoded, encoded) => {
    expect(decodedPath(address)).toBe(decoded);
    expect(decodedPath(decoded)).toBe(decoded);
    expect(encodedAddress(address)).toBe(encoded);
    expect(encodedAddress(decoded)).toBe(encoded);
  });

  it.each(['/100%', '/staraya%zz', '/%C0%AF', '/%E0%A4%A', '/x\uD800'])('%s has a malformed escape: no decoded form, and still a safe Location', (address) => {
    expect(decodedPath(address)).toBeNull();
    expect(encodedAddress(address)).toMatch(/^[\x21-\x7E]+$/);
  });
});
