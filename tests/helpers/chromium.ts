import { chromium, type Browser } from 'playwright-core';

/** Flags for a browser under test: nothing of its own on the network, no GPU, no sandbox (tests run as root in CI). */
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

let launched: Promise<Browser> | undefined;

/**
 * Debian's Chromium (never a downloaded browser), as its headless shell: the same engine without the browser's own
 * windowing, which runs the browser files about a sixth faster than `chromium --headless`. One browser serves every
 * file a worker runs (a launch costs about a second of a core): a file takes it in `beforeAll`, works in contexts of
 * its own and gives it back with `releaseChromium`. The worker's end ends it.
 */
export function sharedChromium(): Promise<Browser> {
  launched ??= chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: CHROMIUM_ARGS }).then((browser) => {
    browser.on('disconnected', () => (launched = undefined));
    return browser;
  });
  return launched;
}

/** Gives the worker's browser back at the end of a file: closes every context the file opened, with its pages. */
export async function releaseChromium(browser: Browser | undefined): Promise<void> {
  await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
}
