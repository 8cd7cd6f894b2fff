import { loadavg } from 'node:os';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { percentile } from './harness.js';
import { ROOT, startProductionServer } from './servers.js';

const PASSWORD = 'bench-password';
const ROUNDS = 7;

/** What shows that a screen is ready to work in. */
type ReadySign = 'greeting' | 'firstRow' | 'richForm' | 'usableForm' | 'libraryCard';

/** One admin screen: where it is and what shows that it is ready to work in. */
interface Screen {
  label: string;
  path: string;
  ready: ReadySign;
}

function screens(newsId: number, textPageId: number): Screen[] {
  return [
    { label: 'dashboard', path: '/admin', ready: 'greeting' },
    { label: 'news list', path: '/admin/news', ready: 'firstRow' },
    { label: 'news edit', path: `/admin/news/${newsId}`, ready: 'richForm' },
    { label: 'text page edit', path: `/admin/text-pages/${textPageId}`, ready: 'richForm' },
    { label: 'library', path: '/admin/assets', ready: 'libraryCard' },
  ];
}

/** The page's test of each ready sign, as script text (the bench's own functions, compiled by tsx, cannot be sent). */
const READY_TESTS: Record<ReadySign, string> = {
  greeting: `document.body !== null && document.body.textContent.includes('Здравствуйте, ')`,
  firstRow: `document.querySelector('table tbody tr') !== null`,
  // An edit form: its fields hold the record, «Сохранить» is there to press and the rich-text editor is mounted.
  richForm: `Array.from(document.querySelectorAll('button')).some((button) => button.textContent.trim() === 'Сохранить')
    && Array.from(document.querySelectorAll('input[name="title"]')).some((input) => input.value !== '')
    && document.querySelector('.ProseMirror') !== null`,
  libraryCard: `document.querySelector('input[type="checkbox"][aria-label^="Выбрать «"]') !== null`,
  // The news edit screen usable: the title field holds the record, the rich-text editor is editable and holds its
  // text, the bottom bar's primary button is there, and nothing on the page is loading any more (no progress bar or
  // spinner: the record, the site's settings, the history and the draft's chunk have all arrived).
  usableForm: `Array.from(document.querySelectorAll('input[name="title"]')).some((input) => input.value !== '')
    && Array.from(document.querySelectorAll('.ProseMirror[contenteditable="true"]')).some((editor) => editor.textContent.trim() !== '')
    && document.querySelector('.RaToolbar-desktopToolbar button') !== null
    && document.querySelector('[role="progressbar"]') === null`,
};

/**
 * Script run in the page before its own: looks for the ready sign at every frame and notes, in `__readyAt`, the
 * moment it first shows, counted from the navigation's start. (Waiting for it from outside would add Playwright's
 * polling: its retries of a locator come every 500 ms after the first second.)
 */
const noteWhenReady = (sign: ReadySign) => `(() => {
  const look = () => {
    if (${READY_TESTS[sign]}) window.__readyAt = performance.now();
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();`;

async function signIn(browser: Browser, url: string): Promise<SessionState> {
  const context = await browser.newContext({ baseURL: url });
  const page = await context.newPage();
  await page.goto('/admin');
  await page.getByLabel(/Электронная почта/).fill('admin@example.com');
  await page.getByLabel(/Пароль/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.getByText(/Здравствуйте, /).waitFor();
  const state = await context.storageState();
  await context.close();
  return state;
}

/** Milliseconds from the navigation's start to the screen's ready sign (the page notes it itself, see above). */
async function timeTo(page: Page, screen: Screen): Promise<number> {
  await page.goto(screen.path);
  const readyAt = await page.waitForFunction(() => (window as unknown as { __readyAt?: number }).__readyAt, undefined, { timeout: 60_000 });
  return Number(await readyAt.jsonValue());
}

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `median ${percentile(sorted, 0.5).toFixed(0).padStart(5)} ms  max ${sorted[sorted.length - 1]!.toFixed(0).padStart(5)} ms`;
};

/**
 * The admin's screens in Debian's Chromium (desktop viewport, no throttling), against the production build with the
 * demo content: from navigation to the screen being ready to work in, first in a new browser (nothing cached), then
 * again in the same browser (scripts from its cache). Needs `npm run build` first; `root` is another checkout's
 * built copy, to compare builds on one machine.
 */
export async function benchAdminScreens(root = ROOT): Promise<void> {
  await withSignedInBrowser(root, async (browser, url, state) => {
    const list = screens(await firstId(browser, url, state, 'news'), await firstId(browser, url, state, 'text-pages'));
    console.log(`\nAdmin screens in Chromium, navigation to ready (${ROUNDS} rounds; load average ${loadAverage()})`);
    const cold = new Map<string, number[]>(list.map(({ label }) => [label, []]));
    const warm = new Map<string, number[]>(list.map(({ label }) => [label, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const screen of list) {
        const [first, again] = await coldAndWarm(browser, url, state, screen);
        cold.get(screen.label)!.push(first);
        warm.get(screen.label)!.push(again);
      }
    }
    for (const { label } of list) {
      console.log(`${label.padEnd(16)} new browser: ${summary(cold.get(label)!)}   cached scripts: ${summary(warm.get(label)!)}`);
    }
  });
}

/** What staff meet every day: the news edit screen with the scripts in the browser's cache. */
const NEWS_EDIT_ROUNDS = 15;
const NEWS_EDIT_AIM_MS = 1500;

/**
 * `npm run bench -- --news-edit`: the news edit screen's time to ready, from the navigation's start to the form being
 * usable (`usableForm` above), fifteen times in a new browser and again with the scripts cached; prints the median,
 * the 90th percentile and the slowest of each, and whether the median with cached scripts is under 1.5 s.
 */
export async function benchNewsEditReady(root = ROOT): Promise<void> {
  await withSignedInBrowser(root, async (browser, url, state) => {
    const screen: Screen = { label: 'news edit', path: `/admin/news/${await firstId(browser, url, state, 'news')}`, ready: 'usableForm' };
    const before = loadAverage();
    const [cold, warm]: [number[], number[]] = [[], []];
    for (let round = 0; round < NEWS_EDIT_ROUNDS; round++) {
      const [first, again] = await coldAndWarm(browser, url, state, screen);
      cold.push(first);
      warm.push(again);
    }
    const median = percentile(
      [...warm].sort((a, b) => a - b),
      0.5,
    );
    console.log(`\nNews edit screen, navigation to a usable form (${NEWS_EDIT_ROUNDS} rounds; load average before ${before}, after ${loadAverage()})`);
    console.log(
      `new browser:    ${summary(cold)}  p90 ${percentile(
        [...cold].sort((a, b) => a - b),
        0.9,
      )
        .toFixed(0)
        .padStart(5)} ms`,
    );
    console.log(
      `cached scripts: ${summary(warm)}  p90 ${percentile(
        [...warm].sort((a, b) => a - b),
        0.9,
      )
        .toFixed(0)
        .padStart(5)} ms`,
    );
    console.log(`median with cached scripts ${median.toFixed(0)} ms: ${median < NEWS_EDIT_AIM_MS ? 'under' : 'NOT under'} ${NEWS_EDIT_AIM_MS} ms`);
  });
}

type SessionState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** The production build with the demo content and Debian's Chromium, signed in as the first manager, for `work`. */
async function withSignedInBrowser(root: string, work: (browser: Browser, url: string, state: SessionState) => Promise<void>): Promise<void> {
  const server = await startProductionServer({ ADMIN_EMAIL: 'admin@example.com' }, root);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    await work(browser, server.url, await signIn(browser, server.url));
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** The id of a resource's first row in its list. */
async function firstId(browser: Browser, url: string, state: SessionState, resource: string): Promise<number> {
  const context = await browser.newContext({ baseURL: url, storageState: state });
  const page = await context.newPage();
  await page.goto(`/admin/${resource}`);
  await page.locator('table tbody tr td').nth(1).click();
  await page.waitForURL(new RegExp(`/admin/${resource}/\\d+`));
  const id = Number(/\/(\d+)/.exec(new URL(page.url()).pathname)?.[1]);
  await context.close();
  return id;
}

/** One screen's time to ready in a new browser context (nothing cached), then again in it (scripts from its cache). */
async function coldAndWarm(browser: Browser, url: string, state: SessionState, screen: Screen): Promise<[number, number]> {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1340, height: 900 }, locale: 'ru-RU', storageState: state });
  const page = await context.newPage();
  await page.addInitScript({ content: noteWhenReady(screen.ready) });
  const times: [number, number] = [await timeTo(page, screen), await timeTo(page, screen)];
  await context.close();
  return times;
}

/** The machine's load average over 1, 5 and 15 minutes: the times above mean little on a busy machine. */
const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
