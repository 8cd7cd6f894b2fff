import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';

const INLINE_SCRIPT = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/g;
/** Data blocks the browser never runs need no permission in the CSP. */
const DATA_TYPE = /\stype="application\/(?:json|ld\+json)"/;

const hashes = new Map<string, string>();

function hashOf(script: string): string {
  let hash = hashes.get(script);
  if (!hash) {
    hash = `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
    // Inline scripts are the same few on every page (the chunk-reload guard); the bound only guards memory.
    if (hashes.size > 100) hashes.clear();
    hashes.set(script, hash);
  }
  return hash;
}

/**
 * The CSP sources of the inline scripts a page runs: their SHA-256 hashes. Hashes instead of a per-response nonce
 * keep a rendered page's bytes the same for every visitor, so the page cache can hold it already compressed.
 */
export function inlineScriptSources(html: string): string[] {
  const sources = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\ssrc=/.test(attributes) || DATA_TYPE.test(attributes) || body === '') continue;
    sources.add(hashOf(body));
  }
  return [...sources];
}

/** Adds the page's inline scripts (by hash) to the `script-src` of the CSP header set by helmet. */
export function allowInlineScripts(reply: FastifyReply, sources: string[]): void {
  if (sources.length === 0) return;
  const csp = reply.getHeader('content-security-policy') ?? reply.raw.getHeader('content-security-policy');
  if (typeof csp !== 'string') return;
  const allowed = sources.join(' ');
  const withScripts = /(?:^|;)\s*script-src\s/.test(csp)
    ? csp.replace(/(^|;)(\s*script-src\s[^;]*)/, `$1$2 ${allowed}`)
    : `${csp};script-src 'self' ${allowed}`;
  reply.raw.removeHeader('content-security-policy');
  reply.header('content-security-policy', withScripts);
}
