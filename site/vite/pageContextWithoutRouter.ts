import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const VIRTUAL_ID = '\0site:vike-getPageContext';

/**
 * vike-react imports `vike/getPageContext`, whose browser build reaches into Vike's client router for one rarely used
 * branch (`getPageContext({ asyncHook: true })`). The public pages route on the server, so that import alone would
 * put about 14 KB gzip of router code into every page's first load. The browser gets the part that applies to
 * server routing instead: the page context of the hook or component being run, from Vike's own hook runner.
 */
export function pageContextWithoutRouter(): Plugin {
  const hookRunner = fileURLToPath(new URL('hooks/execHook.js', import.meta.resolve('vike/abort')));
  return {
    name: 'site:page-context-without-router',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId: (source) => (source === 'vike/getPageContext' ? VIRTUAL_ID : null),
    load: (id) =>
      id === VIRTUAL_ID
        ? [
            `import { getPageContext_sync, providePageContext } from ${JSON.stringify(hookRunner)};`,
            'export function getPageContext() { return getPageContext_sync() ?? null; }',
            'export { providePageContext };',
          ].join('\n')
        : null,
  };
}
