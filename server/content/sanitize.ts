import createDOMPurify, { type Config, type WindowLike } from 'dompurify';
import { JSDOM } from 'jsdom';
import {
  assetIdOfTextImage,
  imageWidthClass,
  imageWidthOfClass,
  LINK_REL,
  RICH_TEXT_ELEMENTS,
  RICH_TEXT_SYNONYMS,
  type ElementRule,
} from '../../lib/richText.js';
import { NESTING_MESSAGE, nestsTooDeep } from './nesting.js';

/**
 * The server's sanitisers (DOMPurify on jsdom), applied when content is written: rich HTML by the admin write
 * routes, the demo seed and the start-up pass of `sanitizerPolicy.ts`; uploaded SVG by the upload validator. They
 * run in the content worker threads (`workerPool.ts`, which also stops them past their time budget); reads serve
 * what was stored. Each purpose has its own DOMPurify instance, as hooks are per instance.
 */

// Any change here that would clean stored HTML differently bumps SANITIZER_POLICY_VERSION (./sanitizerVersion.ts).

/** A document the sanitiser refuses to work on (nested too deep); the message says why, in Russian. */
export class RefusedDocumentError extends Error {}

/**
 * Runs a sanitiser on a document nested at most `MAX_NESTING` levels, checked before any DOM is built; throws
 * `RefusedDocumentError` otherwise.
 */
function withinLimits<T>(markup: string, sanitize: (markup: string) => T): T {
  if (nestsTooDeep(markup)) throw new RefusedDocumentError(NESTING_MESSAGE);
  return sanitize(markup);
}

const { window } = new JSDOM('');
const domWindow = window as unknown as WindowLike;

const htmlPurify = createDOMPurify(domWindow);
const svgPurify = createDOMPurify(domWindow);

/** The elements and attributes rich text may contain (`lib/richText.ts`); the hooks below narrow them per element. */
const HTML_CONFIG: Config & { RETURN_DOM: true } = {
  ALLOWED_TAGS: [...Object.keys(RICH_TEXT_ELEMENTS), ...Object.keys(RICH_TEXT_SYNONYMS)],
  ALLOWED_ATTR: ['class', ...new Set(Object.values(RICH_TEXT_ELEMENTS).flatMap((rule) => Object.keys(rule.attributes)))],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // No element declares ids or names today; should one ever do (anchors for headings), they get the
  // `user-content-` prefix, so an article cannot take the id of an element the page itself relies on (Vike's
  // `vike_pageContext` hydration data, the layout's landmarks) or clobber globals.
  SANITIZE_NAMED_PROPS: true,
  RETURN_DOM: true,
};

/** The declared element an element stands for: itself, or the one it is a synonym of. */
const ruleOf = (tagName: string): ElementRule | undefined => RICH_TEXT_ELEMENTS[RICH_TEXT_SYNONYMS[tagName] ?? tagName];

/** Puts the declared element in place of each synonym (`b` becomes `strong`), with its attributes and content. */
function renameSynonyms(body: Element): void {
  for (const [synonym, tagName] of Object.entries(RICH_TEXT_SYNONYMS)) {
    for (const element of body.querySelectorAll(synonym)) {
      const declared = body.ownerDocument.createElement(tagName);
      for (const { name, value } of element.attributes) declared.setAttribute(name, value);
      declared.append(...element.childNodes);
      element.replaceWith(declared);
    }
  }
}

/**
 * Images stand in figures as the editor writes them: a figure holds its image and at most one caption, in that
 * order, and always names its width (the whole column when it names none); what else it held follows it. An image
 * without an address of the library (one from elsewhere, or a number no asset can have) goes, and one without alt
 * text gets an empty one (decorative); an image outside a figure goes too. A caption is plain text, as the editor
 * edits it: its markup goes, its text stays, and an empty one goes. A figure left without an image is undone, its
 * caption becoming a paragraph of its text, as is a caption outside a figure.
 */
function settleFigures(body: Element): void {
  for (const image of body.querySelectorAll('img')) {
    if (assetIdOfTextImage(image.getAttribute('src')) === null || image.parentElement?.localName !== 'figure') image.remove();
    else if (!image.hasAttribute('alt')) image.setAttribute('alt', '');
  }
  for (const figure of body.querySelectorAll('figure')) {
    if (!body.contains(figure)) continue;
    const image = [...figure.children].find((child) => child.localName === 'img');
    if (!image) {
      figure.replaceWith(...figure.childNodes);
      continue;
    }
    const caption = [...figure.children].find((child) => child.localName === 'figcaption');
    const rest = [...figure.childNodes].filter(
      (child) => child !== image && child !== caption && (child.nodeType !== child.TEXT_NODE || child.textContent?.trim()),
    );
    figure.after(...rest);
    figure.setAttribute('class', imageWidthClass(imageWidthOfClass(figure.getAttribute('class'))));
    const text = caption?.textContent?.trim();
    caption?.replaceChildren(text ?? '');
    figure.replaceChildren(...[image, text ? caption : undefined].filter((child) => child !== undefined));
  }
  for (const caption of body.querySelectorAll('figcaption')) {
    if (!body.contains(caption) || caption.parentElement?.localName === 'figure') continue;
    const text = caption.textContent?.trim();
    if (!text) {
      caption.remove();
      continue;
    }
    const paragraph = body.ownerDocument.createElement('p');
    paragraph.append(text);
    caption.replaceWith(paragraph);
  }
}

/** The classes of a `class` value that the element declares, in their order, once each. */
function declaredClasses(value: string, allowed: readonly string[]): string {
  return [...new Set(value.split(/\s+/).filter((name) => allowed.includes(name)))].join(' ');
}

// Each element keeps only its own declared attributes, with values its rules allow, and only its declared classes.
htmlPurify.addHook('uponSanitizeAttribute', (node, data) => {
  const rule = ruleOf(node.nodeName.toLowerCase());
  if (!rule) return;
  if (data.attrName === 'class') {
    data.attrValue = declaredClasses(data.attrValue, rule.classes);
    if (!data.attrValue) data.keepAttr = false;
    return;
  }
  const allowed = rule.attributes[data.attrName];
  if (!allowed || (allowed !== 'any' && !allowed.test(data.attrValue))) data.keepAttr = false;
});

// A link that opens a new tab must not hand the opener to the page it opens.
htmlPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'A' && node.hasAttribute('target')) node.setAttribute('rel', LINK_REL);
});

/**
 * Rich HTML as stored and shown: only what `lib/richText.ts` declares (elements, their attributes and classes), so
 * no scripts, inline event handlers, styles, forms or frames, and no `javascript:` or other dangerous URLs; links
 * opening a new tab get `rel="noopener noreferrer"`. Synonyms of declared elements become them (`b` → `strong`);
 * what is not declared goes and its text stays. Throws `RefusedDocumentError` for a document past the limits of
 * `withinLimits`.
 */
export function sanitizeHtml(html: string): string {
  return withinLimits(html, (markup) => {
    const body = htmlPurify.sanitize(markup, HTML_CONFIG) as Element;
    renameSynonyms(body);
    settleFigures(body);
    return body.innerHTML;
  });
}

/**
 * `url(…)`, its address captured. One left open runs to the end of the text, as CSS reads it; the address is not
 * told apart by the pattern itself, which would retry the spaces of `url(   …` from each of them.
 */
const CSS_URL = /url\(([^)]*)(?:\)|$)/gi;

/** `url(…)` pointing anywhere but into the same document (`url(#gradient)`) made `none`. */
const withoutExternalUrls = (css: string): string =>
  css.replace(CSS_URL, (url, address: string) => (address.trim().replace(/^['"]/, '').trimStart().startsWith('#') ? url : 'none'));

function stripExternalCss(css: string): string {
  return withoutExternalUrls(css.replace(/@import[^;]*;?/gi, ''));
}

svgPurify.addHook('uponSanitizeElement', (node, data) => {
  if (data.tagName === 'style' && node.textContent) node.textContent = stripExternalCss(node.textContent);
});

// References may only point inside the document: no links out, no remote images or fonts, no `use` of other files.
svgPurify.addHook('uponSanitizeAttribute', (_node, data) => {
  const name = data.attrName.toLowerCase();
  const value = data.attrValue.trim();
  if ((name === 'href' || name === 'xlink:href' || name === 'src') && !value.startsWith('#')) data.keepAttr = false;
  else {
    const local = withoutExternalUrls(value);
    if (local !== value) data.attrValue = local;
  }
});

const SVG_CONFIG: Config & { RETURN_DOM_FRAGMENT: true } = {
  USE_PROFILES: { svg: true, svgFilters: true },
  FORBID_TAGS: ['foreignObject', 'script', 'a', 'iframe', 'image', 'feImage'],
  RETURN_DOM_FRAGMENT: true,
};

/**
 * An uploaded SVG made harmless: DOMPurify's SVG profile (no scripts, event handlers or foreignObject), links
 * and references only inside the document, no external CSS. Parsing is HTML's, so entities declared in a
 * DOCTYPE are never expanded. Answers the cleaned XML, or null when the text holds no single `<svg>` root;
 * throws `RefusedDocumentError` for a document past the limits of `withinLimits`.
 */
export function sanitizeSvg(text: string): string | null {
  return withinLimits(text, (markup) => {
    const fragment = svgPurify.sanitize(markup, SVG_CONFIG);
    const roots = [...fragment.children];
    const root = roots[0];
    if (roots.length !== 1 || !root || root.localName !== 'svg' || root.namespaceURI !== 'http://www.w3.org/2000/svg') return null;
    return new window.XMLSerializer().serializeToString(root);
  });
}
