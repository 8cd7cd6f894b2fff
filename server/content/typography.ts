import { defaultTreeAdapter, html as namespaces, parseFragment, serialize, serializeOuter, type DefaultTreeAdapterTypes } from 'parse5';
import typografExport, { type TypografRuleFilter } from 'typograf';

/**
 * Russian typography of the texts editors write (typograf's Russian rules): «ёлочки» outside and „лапки“ inside, an
 * em dash with a non-breaking space before it, non-breaking spaces after one- and two-letter words and between a
 * number and the word after it (`15 минут`) and before a percent sign written apart (`18 %`), `...` as `…`, no
 * repeated spaces. Typesetting what was typeset already
 * changes nothing, so saving a record twice stores the same text.
 */

// The package's types describe a CommonJS module whose `default` is the class, while Node loads its ES module, whose
// default export is the class itself.
const Typograf = typografExport as unknown as (typeof typografExport)['default'];
// Russian typography puts a space between a number and its percent sign (`18 %`); a space written there stays, and
// does not break, rather than being removed as the package's own rule would.
Typograf.addRule({ name: 'ru/nbsp/beforePercent', handler: (text) => text.replace(/(\d)[ \u00a0]+%/g, '$1\u00a0%') });
const typograf = new Typograf({ locale: ['ru', 'en-US'], htmlEntity: { type: 'default' } });
typograf.disableRule('common/space/delBeforePercent');
// A number and its unit stay on one line.
typograf.enableRule('common/nbsp/afterNumber');
// Typography sets punctuation and spaces; it does not rewrite what an editor wrote (a date 2024-01-15 stays as it is).
typograf.disableRule('ru/date/fromISO');

type Node = DefaultTreeAdapterTypes.Node;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

/** Elements whose text is kept exactly as written: code, keyboard input, program output, variables. */
const VERBATIM = new Set(['code', 'pre', 'kbd', 'samp', 'var', 'script', 'style', 'textarea']);

/** Rules that make sense for a whole text but would glue words to the markup around one piece of it. */
const WHOLE_TEXT_ONLY = new Set(['common/space/trimLeft', 'common/space/trimRight']);
const pieceRules: TypografRuleFilter = (rule) => !WHOLE_TEXT_ONLY.has(rule.name);

/**
 * Runs of spaces and tabs as one space, as typography leaves them anyway. Typograf's own rules for blanks (before a
 * line break, around brackets) search each run again from every one of its characters, which took seconds for a
 * run of 60,000; collapsed first, every run is one character to them.
 */
const collapseBlanks = (text: string): string => text.replace(/[ \t]{2,}/g, ' ');

/** A plain text typeset. Web and e-mail addresses inside it stay as they are. */
export function typesetText(text: string): string {
  return typograf.execute(collapseBlanks(text));
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

/** Elements that end a run of text: quotes and dashes never pair across them. */
const BLOCKS = new Set([
  ...['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'div', 'figure', 'figcaption', 'hr', 'br'],
  ...['ul', 'ol', 'li', 'dl', 'dt', 'dd', 'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th'],
]);

type ChildNode = DefaultTreeAdapterTypes.ChildNode;

/**
 * One run of sibling nodes typeset: the nodes to put in its place. Typograf reads the run's markup as a whole, so
 * quotes pair across inline elements (`"<strong>Смарт</strong>"`). It finds tags by pattern, though, and a `>`
 * inside an attribute value or an entity standing for `<` would let it change markup; so its result is parsed and
 * must have the markup of the run, element for element and attribute for attribute. When it does not, each text node
 * is typeset alone instead, which cannot touch markup.
 */
function typesetRun(run: readonly ChildNode[]): ChildNode[] {
  const markup = run.map((node) => serializeOuter(node)).join('');
  const original = parseBody(markup);
  let typeset = parseBody(typograf.execute(markup, { ruleFilter: pieceRules }));
  if (skeletonOf(typeset) !== skeletonOf(original)) {
    eachProseText(original, (text) => typograf.execute(text, { ruleFilter: pieceRules }));
    typeset = original;
  }
  return typeset.childNodes;
}

/** Typesets the runs of text between the blocks inside `parent`, and inside each block in turn, in place. */
function typesetRuns(parent: ParentNode): void {
  const children: ChildNode[] = [];
  let run: ChildNode[] = [];
  const flush = () => {
    const prose = run.some((node) => !defaultTreeAdapter.isTextNode(node) || node.value.trim() !== '');
    children.push(...(prose ? typesetRun(run) : run));
    run = [];
  };
  for (const child of parent.childNodes) {
    const element = defaultTreeAdapter.isElementNode(child) ? child : null;
    if (element && (BLOCKS.has(element.tagName) || VERBATIM.has(element.tagName))) {
      flush();
      if (!VERBATIM.has(element.tagName)) typesetRuns(element);
      children.push(element);
    } else {
      run.push(child);
    }
  }
  flush();
  for (const child of children) child.parentNode = parent as ChildNode['parentNode'];
  parent.childNodes = children;
}

/**
 * Rich HTML typeset on its text only: never inside code and preformatted text, addresses, e-mails or attribute values.
 * Each run of text between blocks (a paragraph's, a cell's) is typeset on its own: typograf's work on one long text
 * grows faster than its length (a 400 KB document took 2 s, 2 MB over 20 s), so a document is as many small texts as
 * it has paragraphs. The tree is serialised again, so the markup stays what the sanitiser made of it.
 */
export function typesetHtml(markup: string): string {
  const tree = parseBody(markup);
  // Blanks are collapsed in prose only: verbatim text keeps its spaces, and typograf leaves it alone.
  eachProseText(tree, collapseBlanks);
  typesetRuns(tree);
  eachProseText(tree, (text) => text.replace(LEADING_NUMBER, '$1\u00a0'));
  return serialize(tree);
}
