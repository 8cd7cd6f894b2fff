import { chromium, type Browser } from 'playwright-core';

/** Flags for a browser under test: nothing of its own on the network, no GPU, no sandbox (tests run as root in CI). */
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/**
 * Debian's Chromium for a test file (never a downloaded browser), as its headless shell: the same engine without the
 * browser's own windowing, which runs the browser files about a sixth faster than `chromium --headless`.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: CHROMIUM_ARGS });
}
