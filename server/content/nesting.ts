import { defaultTreeAdapter, parse, type DefaultTreeAdapterMap, type DefaultTreeAdapterTypes, type TreeAdapter } from 'parse5';

/**
 * How many levels of elements rich HTML and uploaded SVG may nest. Editors' documents stay far below it; past it,
 * DOMPurify and jsdom recurse until the stack runs out, and the parser's work grows with the square of the depth.
 */
export const MAX_NESTING = 64;

export const NESTING_MESSAGE = `Слишком глубокая вложенность элементов: больше ${MAX_NESTING} уровней.`;

type ParentNode = DefaultTreeAdapterTypes.ParentNode;
type ChildNode = DefaultTreeAdapterTypes.ChildNode;
type Template = DefaultTreeAdapterTypes.Template;

/** The document's own `html` and `body`, above the first level of the content. */
const ROOT_LEVELS = 2;

class TooDeep extends Error {}

/**
 * Whether markup, once parsed, nests elements deeper than `MAX_NESTING` levels. It is parsed as the sanitiser's
 * DOMParser parses it (parse5, the parser inside jsdom, scripting disabled), so the levels are those of the tree
 * HTML builds: void elements, implied ends (`<li>` closes the previous one), a table's implied `tbody`, misnested
 * formatting, a template's content inside its template. The tree is plain objects, not a DOM, and parsing stops at
 * the first element too deep, so a deep document costs next to nothing.
 */
export function nestsTooDeep(markup: string): boolean {
  const templates = new WeakMap<ParentNode, Template>();
  const parentOf = (node: ParentNode): ParentNode | undefined =>
    defaultTreeAdapter.isElementNode(node) ? (node.parentNode ?? undefined) : templates.get(node);
  const levelOf = (node: ParentNode): number => {
    let level = 0;
    for (let current: ParentNode | undefined = node; current; current = parentOf(current)) {
      if (defaultTreeAdapter.isElementNode(current)) level++;
    }
    return level - ROOT_LEVELS;
  };
  const refuseTooDeep = (parent: ParentNode, child: ChildNode) => {
    if (defaultTreeAdapter.isElementNode(child) && levelOf(parent) + 1 > MAX_NESTING) throw new TooDeep();
  };
  const treeAdapter: TreeAdapter<DefaultTreeAdapterMap> = {
    ...defaultTreeAdapter,
    appendChild(parent, child) {
      refuseTooDeep(parent, child);
      defaultTreeAdapter.appendChild(parent, child);
    },
    insertBefore(parent, child, reference) {
      refuseTooDeep(parent, child);
      defaultTreeAdapter.insertBefore(parent, child, reference);
    },
    setTemplateContent(template, content) {
      templates.set(content, template);
      defaultTreeAdapter.setTemplateContent(template, content);
    },
  };
  try {
    parse(markup, { treeAdapter, scriptingEnabled: false });
    return false;
  } catch (error) {
    if (error instanceof TooDeep) return true;
    throw error;
  }
}
