import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** For a route whose pattern matches more than it answers (the site's `/*`): the paths it does answer. */
    servesPath?: (pathname: string) => boolean;
  }
}

interface RoutePattern {
  matches: RegExp;
  methods: Set<string>;
  servesPath: ((pathname: string) => boolean) | null;
}

const escapeRegExp = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/** A route's URL pattern as a regular expression of paths: `:name` one segment (or its own pattern), `*` the rest. */
function patternRegExp(url: string): RegExp {
  let source = '';
  for (let at = 0; at < url.length;) {
    const rest = url.slice(at);
    const param = /^:[\w-]+(\([^)]*\))?/.exec(rest);
    if (rest.startsWith('::')) {
      source += ':';
      at += 2;
    } else if (param) {
      source += param[1] ?? '[^/]+';
      at += param[0].length;
    } else if (rest.startsWith('*')) {
      source += '.*';
      at += 1;
    } else {
      source += escapeRegExp(url[at] ?? '');
      at += 1;
    }
  }
  return new RegExp(`^${source}$`);
}

/** The methods the server answers at an address, HEAD going with GET (empty: no route serves it). */
export type MethodsAt = (pathname: string) => Set<string>;

/**
 * Records the methods of every route as it is added. Install it before the first route, so that every route counts
 * whatever plugin adds it and when.
 */
export function trackRouteMethods(app: FastifyInstance): MethodsAt {
  const patterns = new Map<string, RoutePattern>();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const pattern = patterns.get(route.url) ?? { matches: patternRegExp(route.url), methods: new Set<string>(), servesPath: null };
    pattern.servesPath ??= route.config?.servesPath ?? null;
    for (const method of methods) pattern.methods.add(method.toUpperCase());
    if (pattern.methods.has('GET')) pattern.methods.add('HEAD');
    patterns.set(route.url, pattern);
  });

  return (pathname) => {
    const allowed = new Set<string>();
    for (const pattern of patterns.values()) {
      if (!pattern.matches.test(pathname) || (pattern.servesPath && !pattern.servesPath(pathname))) continue;
      for (const method of pattern.methods) allowed.add(method);
    }
    return allowed;
  };
}

/**
 * The standard answer for a request no route takes: `OPTIONS` lists the methods answered at the address in `Allow`
 * (204), another method not among them is 405 with `Allow`, and an address no route serves stays 404 (`notFound`).
 */
export function installAllowedMethods(app: FastifyInstance, methodsAt: MethodsAt, notFound: (request: FastifyRequest, reply: FastifyReply) => unknown): void {
  app.setNotFoundHandler((request, reply) => {
    const allowed = methodsAt(request.url.split('?')[0] ?? '/');
    if (allowed.size === 0 || (allowed.has(request.method) && request.method !== 'OPTIONS')) return notFound(request, reply);
    const allow = [...allowed, 'OPTIONS'].filter((method, index, all) => all.indexOf(method) === index).join(', ');
    reply.header('allow', allow);
    if (request.method === 'OPTIONS') return reply.code(204).send();
    return reply.code(405).send({ message: METHOD_NOT_ALLOWED_MESSAGE });
  });
}

export const METHOD_NOT_ALLOWED_MESSAGE = 'Метод не поддерживается по этому адресу: допустимые перечислены в заголовке Allow.';
