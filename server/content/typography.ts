import { defaultTreeAdapter, html as namespaces, parseFragment, serialize, type DefaultTreeAdapterTypes } from 'parse5';
import typografExport, { type TypografRuleFilter } from 'typograf';
import { OutOfTimeError, withinTime } from './timeBudget.js';

/**
 * Russian typography of the texts editors write (typograf's Russian rules): «ёлочки» outside and „лапки“ inside, an
 * em dash with a non-breaking space before it, non-breaking spaces after one- and two-letter words and between a
 * number and the word after it (`15 минут`), `...` as `…`, no repeated spaces. Typesetting what was typeset already
 * changes nothing, so saving a record twice stores the same text.
 */

// The package's types describe a CommonJS module whose `default` is the class, while Node loads its ES module, whose
// default export is the class itself.
const Typograf = typografExport as unknown as (typeof typografExport)['default'];
const typograf = new Typograf({ locale: ['ru', 'en-US'], htmlEntity: { type: 'default' } });
// A number and its unit stay on one line.
typograf.enableRule('common/nbsp/afterNumber');
// Typography sets punctuation and spaces; it does not rewrite what an editor wrote (a date 2024-01-15 stays as it is).
typograf.disableRule('ru/date/fromISO');

/** The longest typesetting may hold up a save; a text that takes longer is stored as sent (2 MB of HTML take about 3 s). */
const TYPOGRAPHY_BUDGET_MS = 5000;

type Node = DefaultTreeAdapterTypes.Node;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

/** Elements whose text is kept exactly as written: code, keyboard input, program output, variables. */
const VERBATIM = new Set(['code', 'pre', 'kbd', 'samp', 'var', 'script', 'style', 'textarea']);

/** Rules that make sense for a whole text but would glue words to the markup around one piece of it. */
const WHOLE_TEXT_ONLY = new Set(['common/space/trimLeft', 'common/space/trimRight']);
const pieceRules: TypografRuleFilter = (rule) => !WHOLE_TEXT_ONLY.has(rule.name);

/** A plain text typeset. Web and e-mail addresses inside it stay as they are. */
export function typesetText(text: string): string {
  return typograf.execute(text);
}

/** Rich HTML parsed as the sanitiser's `body.innerHTML` is, so serialising it again gives the sanitiser's form. */
const parseBody = (markup: string) => parseFragment(defaultTreeAdapter.createElement('body', namespaces.NS.HTML, []), markup, { scriptingEnabled: false });

const childrenOf = (node: Node): readonly Node[] => ('childNodes' in node ? (node as ParentNode).childNodes : []);

/**
 * The markup of a tree without the text typography may change: every element with its attributes, comments, and the
 * text of verbatim elements word for word. Two trees with the same skeleton differ in the words of their prose only.
 */
function skeletonOf(node: Node, verbatim = false): string {
  if (defaultTreeAdapter.isTextNode(node)) return verbatim ? JSON.stringify(node.value) : '';
  if (defaultTreeAdapter.isCommentNode(node)) return `<!--${JSON.stringify(node.data)}-->`;
  const inner = (inside: boolean) =>
    childrenOf(node)
      .map((child) => skeletonOf(child, inside))
      .join('');
  if (!defaultTreeAdapter.isElementNode(node)) return inner(verbatim);
  return `<${node.tagName}${JSON.stringify(node.attrs)}>${inner(verbatim || VERBATIM.has(node.tagName))}</${node.tagName}>`;
}

/** Changes every text node outside verbatim elements, in place. */
function eachProseText(node: Node, change: (text: string) => string): void {
  for (const child of childrenOf(node)) {
    if (defaultTreeAdapter.isTextNode(child)) child.value = change(child.value);
    else if (!defaultTreeAdapter.isElementNode(child) || !VERBATIM.has(child.tagName)) eachProseText(child, change);
  }
}

/**
 * A number opening a piece of text (a table cell, a paragraph) and the word after it. Typograf binds a number to its
 * word only after a space, and a tag before the number is not one to it.
 */
const LEADING_NUMBER = /^(\d{1,5}) (?=\p{L})/u;

/**
 * Rich HTML typeset on its text only: never inside code and preformatted text, addresses, e-mails or attribute values.
 * Typograf reads the whole document, so quotes pair across inline elements (`"<strong>Смарт</strong>"`). It finds
 * tags by pattern, though, and a `>` inside an attribute value or an entity standing for `<` would let it change
 * markup; so its result is parsed and must have the markup of the input, element for element and attribute for
 * attribute. When it does not, each text node is typeset alone instead, which cannot touch markup. Either way the tree
 * is serialised again, so the markup stays what the sanitiser made of it.
 */
export function typesetHtml(markup: string): string {
  let tree = parseBody(typograf.execute(markup));
  const original = parseBody(markup);
  if (skeletonOf(tree) !== skeletonOf(original)) {
    eachProseText(original, (text) => typograf.execute(text, { ruleFilter: pieceRules }));
    tree = original;
  }
  eachProseText(tree, (text) => text.replace(LEADING_NUMBER, '$1\u00a0'));
  return serialize(tree);
}

/** Typesets within `TYPOGRAPHY_BUDGET_MS`, or answers the text as it was when that is not enough. */
export function typesetWithinBudget(value: string, typeset: (value: string) => string): string {
  try {
    return withinTime(TYPOGRAPHY_BUDGET_MS, () => typeset(value));
  } catch (error) {
    if (error instanceof OutOfTimeError) return value;
    throw error;
  }
}
