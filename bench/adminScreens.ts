import { loadavg } from 'node:os';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { percentile } from './harness.js';
import { ROOT, startProductionServer } from './servers.js';

const PASSWORD = 'bench-password';
const ROUNDS = 7;

/** What shows that a screen is ready to work in. */
type ReadySign = 'greeting' | 'firstRow' | 'richForm' | 'libraryCard';

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

async function signIn(browser: Browser, url: string): Promise<Awaited<ReturnType<BrowserContext['storageState']>>> {
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
  const server = await startProductionServer({ ADMIN_EMAIL: 'admin@example.com' }, root);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const state = await signIn(browser, server.url);
    const firstId = async (resource: string) => {
      const context = await browser.newContext({ baseURL: server.url, storageState: state });
      const page = await context.newPage();
      await page.goto(`/admin/${resource}`);
      await page.locator('table tbody tr td').nth(1).click();
      await page.waitForURL(new RegExp(`/admin/${resource}/\\d+`));
      const id = Number(/\/(\d+)/.exec(new URL(page.url()).pathname)?.[1]);
      await context.close();
      return id;
    };
    const list = screens(await firstId('news'), await firstId('text-pages'));
    console.log(`\nAdmin screens in Chromium, navigation to ready (${ROUNDS} rounds; load average ${loadAverage()})`);
    const cold = new Map<string, number[]>(list.map(({ label }) => [label, []]));
    const warm = new Map<string, number[]>(list.map(({ label }) => [label, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const screen of list) {
        const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1340, height: 900 }, locale: 'ru-RU', storageState: state });
        const page = await context.newPage();
        await page.addInitScript({ content: noteWhenReady(screen.ready) });
        cold.get(screen.label)!.push(await timeTo(page, screen));
        warm.get(screen.label)!.push(await timeTo(page, screen));
        await context.close();
      }
    }
    for (const { label } of list) {
      console.log(`${label.padEnd(16)} new browser: ${summary(cold.get(label)!)}   cached scripts: ${summary(warm.get(label)!)}`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** The machine's load average over 1, 5 and 15 minutes: the times above mean little on a busy machine. */
const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
