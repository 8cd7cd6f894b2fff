/** Yandex Metrika's tag; the only script of the counter the page adds itself. */
export const METRIKA_TAG_URL = 'https://mc.yandex.ru/metrika/tag.js';

/** `ym(...)`: until tag.js arrives, a queue (`a`, with the start time `l`) that the tag replays, as in the official snippet. */
type Ym = ((...args: unknown[]) => void) & { a?: unknown[][]; l?: number };

interface MetrikaWindow extends Window {
  ym?: Ym;
}

function ymQueue(): Ym {
  const queue: Ym = (...args: unknown[]) => {
    (queue.a ??= []).push(args);
  };
  queue.l = Date.now();
  return queue;
}

/** Adds the tag to the page and starts the counter, which counts the page. */
export function loadMetrika(id: string): void {
  const w = window as MetrikaWindow;
  const ym = (w.ym ??= ymQueue());
  const script = document.createElement('script');
  script.async = true;
  script.src = METRIKA_TAG_URL;
  document.head.append(script);
  ym(Number(id), 'init', { clickmap: true, trackLinks: true, accurateTrackBounce: true });
}
