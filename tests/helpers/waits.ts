import type { FastifyInstance } from 'fastify';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { MIN_FILL_MS, TOKEN_FIELD } from '../../lib/enquiry.js';

/**
 * Waits for states, never for time: what a test waits for instead of a fixed pause, so that it cannot fail by chance
 * (a busy machine only makes the wait longer) and waits no longer than the state takes.
 */

/** A door the test opens: a route handler or a fake server awaits `opened`, the test calls `open()` when it is ready. */
export interface Gate {
  opened: Promise<void>;
  open: () => void;
}

export function gate(): Gate {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/**
 * Waits until the server would take the feedback form `form` (a locator of the `<form>`) for a person's: until its
 * token, made when the page was rendered, is `MIN_FILL_MS` old by the server's own clock, as `POST /api/enquiries`
 * checks it. A form sent sooner is taken for a robot's and dropped in silence.
 */
export async function untilFormFilledLongEnough(app: FastifyInstance, form: Locator): Promise<void> {
  const token = await form.locator(`input[name="${TOKEN_FIELD}"]`).inputValue();
  await expect.poll(() => app.formTokens.check(token), { timeout: MIN_FILL_MS + 10_000, interval: 100 }).toBe('valid');
}

type Counting = Window & { __inFlight?: number };

/**
 * A page script (`page.addInitScript(countRequests)`) that counts the page's requests in flight, fetch and
 * XMLHttpRequest, in `window.__inFlight`: what `settled` reads.
 */
export function countRequests(): void {
  const w = window as Counting;
  w.__inFlight = 0;
  const done = () => void (w.__inFlight = (w.__inFlight ?? 1) - 1);
  const fetch = window.fetch;
  window.fetch = function (this: typeof globalThis, ...args: Parameters<typeof window.fetch>) {
    w.__inFlight = (w.__inFlight ?? 0) + 1;
    return fetch.apply(this, args).finally(done);
  };
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, ...args: Parameters<XMLHttpRequest['send']>) {
    w.__inFlight = (w.__inFlight ?? 0) + 1;
    this.addEventListener('loadend', done, { once: true });
    send.apply(this, args);
  };
}

/**
 * Waits until the page has settled: two frames in a row with no request in flight (`countRequests` must be the
 * page's script), no progress indicator shown (react-admin shows one while any of its queries loads, a lazy screen
 * while its code loads), every image that is not lazy loaded and the fonts ready. Two frames: a screen whose data
 * has come may ask for more in the effects of the frame that shows it.
 */
export async function settled(page: Page): Promise<void> {
  type Settling = Counting & { __quietFrames?: number };
  await page.evaluate(() => ((window as Settling).__quietFrames = 0));
  await page.waitForFunction(
    () => {
      const w = window as Settling;
      const quiet =
        w.__inFlight === 0 &&
        document.querySelector('[role="progressbar"]') === null &&
        [...document.images].every((image) => image.complete || image.loading === 'lazy') &&
        document.fonts.status === 'loaded';
      w.__quietFrames = quiet ? (w.__quietFrames ?? 0) + 1 : 0;
      return w.__quietFrames >= 2;
    },
    undefined,
    { polling: 'raf' },
  );
}

/** What a test reads of a Tiptap editor: Tiptap keeps the editor on its element (`.ProseMirror`). */
interface EditorHost extends Element {
  editor?: {
    state: {
      doc: { content: { size: number } };
      selection: { empty: boolean; from: number; to: number; $head: { parentOffset: number; parent: { content: { size: number } } } };
    };
  };
}

/** Waits until a rich-text editor (`.ProseMirror`) has the keyboard's focus: keys typed next go into it. */
export const editorFocused = (page: Page) => page.waitForFunction(() => document.activeElement?.classList.contains('ProseMirror') === true);

/**
 * Waits until the editor that has the focus has taken in a caret at the end of its line, as `End` puts it. The editor
 * reads the caret from the browser's selection events, which a busy host may deliver after the next key: what is
 * typed or pasted next goes where the editor has the caret.
 */
export const caretAtLineEnd = (page: Page) =>
  page.waitForFunction(() => {
    const selection = (document.activeElement as EditorHost | null)?.editor?.state.selection;
    return selection !== undefined && selection.empty && selection.$head.parentOffset === selection.$head.parent.content.size;
  });

/** Waits until the editor that has the focus has taken in a caret at the end of its text, as `Control+End` puts it. */
export const caretAtTextEnd = (page: Page) =>
  page.waitForFunction(() => {
    const state = (document.activeElement as EditorHost | null)?.editor?.state;
    return state !== undefined && state.selection.empty && state.selection.to === state.doc.content.size - 1;
  });

/** Waits until the editor that has the focus has taken in a selection of all its text, as `Control+A` makes it. */
export const allTextSelected = (page: Page) =>
  page.waitForFunction(() => {
    const state = (document.activeElement as EditorHost | null)?.editor?.state;
    return state !== undefined && state.selection.from <= 1 && state.selection.to >= state.doc.content.size - 1;
  });
