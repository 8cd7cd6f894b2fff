import type { FastifyRequest } from 'fastify';
import { COUNTERS, consentOfCookies, type ConfiguredCounter, type CounterCsp } from '../../lib/analytics.js';
import type { VisitorHeader } from '../cache/storedResponse.js';

/** Adds `sources` to the CSP's directives; a directive the policy lacks starts from `default-src`, as browsers would. */
export function withCspSources(csp: string, additions: CounterCsp): string {
  const directives = csp.split(';').map((part) => part.trim());
  const sourcesOf = (name: string) =>
    directives
      .find((part) => part.split(/\s+/)[0] === name)
      ?.split(/\s+/)
      .slice(1);
  const fallback = sourcesOf('default-src') ?? [];
  const added = new Map<string, string>();
  for (const [name, sources = []] of Object.entries(additions)) {
    const current = sourcesOf(name) ?? fallback;
    added.set(name, [name, ...current, ...sources.filter((source) => !current.includes(source))].join(' '));
  }
  const updated = directives.filter((part) => part !== '').map((part) => added.get(part.split(/\s+/)[0] ?? '') ?? part);
  for (const [name, directive] of added) if (!sourcesOf(name)) updated.push(directive);
  return updated.join(';');
}

/** Everything the configured counters need, merged by directive. */
function countersCsp(counters: readonly ConfiguredCounter[]): CounterCsp {
  const merged: Record<string, string[]> = {};
  for (const { kind } of counters) {
    for (const [name, sources = []] of Object.entries(COUNTERS[kind].csp)) merged[name] = [...new Set([...(merged[name] ?? []), ...sources])];
  }
  return merged;
}

/**
 * The CSP of a public response as one visitor gets it: with the counters' hosts only when that visitor accepted
 * analytics (the consent cookie), as is without. Null when no counter is configured, so nothing changes then.
 *
 * Pages are cached in memory and their bytes are the same for everyone, so the choice cannot be part of what is
 * stored: the page cache keeps the CSP without the hosts and applies this to every answer it gives, a hit or a
 * 304 as well as a fresh render (server/cache/delivery.ts). Listing the hosts for everyone would be simpler, but
 * then a page would allow the counter before the visitor agreed; the script itself is only ever added by the
 * client after consent, and the client reloads the page on a change of mind, as a page's CSP is fixed at load.
 */
export function analyticsCspHeader(counters: readonly ConfiguredCounter[]): VisitorHeader | null {
  if (counters.length === 0) return null;
  const additions = countersCsp(counters);
  return {
    name: 'content-security-policy',
    value: (request: FastifyRequest, stored: string) => (consentOfCookies(request.headers.cookie) === 'analytics' ? withCspSources(stored, additions) : stored),
  };
}
