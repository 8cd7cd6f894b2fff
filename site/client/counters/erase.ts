/**
 * Erases what counters left in the browser (cookies and local storage keys starting with their prefixes), when the
 * visitor withdraws consent. A counter may set its cookies on any parent domain of the site, so each is tried.
 */
export function eraseCounterStorage(prefixes: readonly string[]): void {
  if (prefixes.length === 0) return;
  const ours = (name: string) => prefixes.some((prefix) => name.startsWith(prefix));
  const labels = window.location.hostname.split('.');
  const domains = ['', ...labels.slice(0, -1).map((_, index) => `; domain=${labels.slice(index).join('.')}`)];
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim() ?? '';
    if (!ours(name)) continue;
    for (const domain of domains) document.cookie = `${name}=; Max-Age=0; Path=/${domain}`;
  }
  try {
    for (const key of Object.keys(window.localStorage)) if (ours(key)) window.localStorage.removeItem(key);
  } catch {
    // Storage may be off (private modes, policies): then the counter could not have used it either.
  }
}
