import createDOMPurify, { type Config, type WindowLike } from 'dompurify';
import { JSDOM } from 'jsdom';

/**
 * The server's sanitisers (DOMPurify on jsdom). The admin write routes call them on save, and the content
 * services call `sanitizeHtml` again on every read, so HTML reaches the API and the pages clean even if it
 * entered the database another way. Each purpose has its own DOMPurify instance, as hooks are per instance.
 */
const { window } = new JSDOM('');
const domWindow = window as unknown as WindowLike;

const htmlPurify = createDOMPurify(domWindow);
const svgPurify = createDOMPurify(domWindow);

const HTML_CONFIG: Config = {
  USE_PROFILES: { html: true },
  // Forms, frames and styles could imitate the site's own UI or load other pages; rich text needs none of them.
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'object', 'embed'],
  FORBID_ATTR: ['style'],
  ADD_ATTR: ['target'],
  // Ids and names in content get the `user-content-` prefix, so an article cannot take the id of an element the
  // page itself relies on (Vike's `vike_pageContext` hydration data, the layout's landmarks) or clobber globals.
  SANITIZE_NAMED_PROPS: true,
};

// A link that opens a new tab must not hand the opener to the page it opens; images in text load lazily.
htmlPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'A' && node.getAttribute('target')) {
    if (node.getAttribute('target') !== '_blank') node.removeAttribute('target');
    else node.setAttribute('rel', 'noopener noreferrer');
  }
  if (node.nodeName === 'IMG') {
    node.setAttribute('loading', 'lazy');
    node.setAttribute('decoding', 'async');
  }
});

/**
 * Rich HTML as stored and shown: no scripts, no inline event handlers, no `javascript:` or other dangerous URLs,
 * no forms or style sheets; links opening a new tab get `rel="noopener noreferrer"`.
 */
export function sanitizeHtml(html: string): string {
  return htmlPurify.sanitize(html, HTML_CONFIG);
}

/** `url(…)` pointing anywhere but into the same document (`url(#gradient)`). */
const EXTERNAL_URL = /url\(\s*(?!['"]?\s*#)[^)]*\)/gi;

function stripExternalCss(css: string): string {
  return css.replace(/@import[^;]*;?/gi, '').replace(EXTERNAL_URL, 'none');
}

svgPurify.addHook('uponSanitizeElement', (node, data) => {
  if (data.tagName === 'style' && node.textContent) node.textContent = stripExternalCss(node.textContent);
});

// References may only point inside the document: no links out, no remote images or fonts, no `use` of other files.
svgPurify.addHook('uponSanitizeAttribute', (_node, data) => {
  const name = data.attrName.toLowerCase();
  const value = data.attrValue.trim();
  if ((name === 'href' || name === 'xlink:href' || name === 'src') && !value.startsWith('#')) data.keepAttr = false;
  else if (EXTERNAL_URL.test(value)) data.attrValue = value.replace(EXTERNAL_URL, 'none');
  EXTERNAL_URL.lastIndex = 0;
});

const SVG_CONFIG: Config & { RETURN_DOM_FRAGMENT: true } = {
  USE_PROFILES: { svg: true, svgFilters: true },
  FORBID_TAGS: ['foreignObject', 'script', 'a', 'iframe', 'image', 'feImage'],
  RETURN_DOM_FRAGMENT: true,
};

/**
 * An uploaded SVG made harmless: DOMPurify's SVG profile (no scripts, event handlers or foreignObject), links
 * and references only inside the document, no external CSS. Parsing is HTML's, so entities declared in a
 * DOCTYPE are never expanded. Answers the cleaned XML, or null when the text holds no single `<svg>` root.
 */
export function sanitizeSvg(text: string): string | null {
  const fragment = svgPurify.sanitize(text, SVG_CONFIG);
  const roots = [...fragment.children];
  const root = roots[0];
  if (roots.length !== 1 || !root || root.localName !== 'svg' || root.namespaceURI !== 'http://www.w3.org/2000/svg') return null;
  return new window.XMLSerializer().serializeToString(root);
}
