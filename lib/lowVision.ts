/**
 * The version for the visually impaired: the visitor's choice, kept in the browser's local storage and applied as
 * attributes of `<html>` (`data-lv`, `data-lv-size`, …) that the site's styles follow. The server never sees it, so
 * every visitor gets the same HTML from the page cache.
 */

/** The colour schemes, named as ГОСТ Р 52872 names them: text colour on background colour. */
export const LOW_VISION_SCHEMES = ['black-on-white', 'white-on-black', 'blue-on-light-blue', 'brown-on-beige', 'green-on-brown'] as const;
export type LowVisionScheme = (typeof LOW_VISION_SCHEMES)[number];

/** Font sizes: the normal body text, one and a half times, twice. */
export const LOW_VISION_SIZES = ['1', '2', '3'] as const;
export type LowVisionSize = (typeof LOW_VISION_SIZES)[number];

export interface LowVisionChoice {
  size: LowVisionSize;
  scheme: LowVisionScheme;
  images: 'on' | 'off';
  spacing: 'normal' | 'wide';
}

/** What the mode starts with when the visitor turns it on. */
export const LOW_VISION_DEFAULT: LowVisionChoice = { size: '2', scheme: 'black-on-white', images: 'on', spacing: 'normal' };

export const LOW_VISION_STORAGE_KEY = 'site:low-vision';

/**
 * Puts the choice (or the normal version, for null) on `<html>`. Self-contained: the inline script of every page's
 * head runs it before the first paint, as its source text.
 */
export function applyLowVision(choice: Partial<LowVisionChoice> | null): void {
  const root = document.documentElement;
  for (const name of ['size', 'scheme', 'images', 'spacing'] as const) {
    const value = choice?.[name];
    // Only short words from our own lists reach the attributes; a value from elsewhere is left out.
    if (typeof value === 'string' && /^[a-z0-9-]{1,24}$/.test(value)) root.setAttribute(`data-lv-${name}`, value);
    else root.removeAttribute(`data-lv-${name}`);
  }
  root.toggleAttribute('data-lv', Boolean(choice));
}

/** The inline script that applies the stored choice before the first paint (the server allows it by its hash). */
export function lowVisionBootScript(): string {
  return `try{(${applyLowVision.toString()})(JSON.parse(localStorage.getItem(${JSON.stringify(LOW_VISION_STORAGE_KEY)})))}catch(e){}`;
}
