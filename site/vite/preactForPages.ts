import type { Plugin } from 'vite';

/** What the public pages' browser code gets instead of React: Preact's compatibility layer, the same API. */
const PREACT_FOR = new Map([
  ['react', 'preact/compat'],
  ['react-dom', 'preact/compat'],
  ['react-dom/client', 'preact/compat/client'],
  ['react/jsx-runtime', 'preact/compat/jsx-runtime'],
  ['react/jsx-dev-runtime', 'preact/compat/jsx-dev-runtime'],
]);

/**
 * The public pages hydrate with Preact (about 15 KB gzip) instead of React DOM (about 72 KB): the server still renders
 * them with React, and the browser code only hydrates and routes. Only the production client build is switched;
 * development keeps React for its dev tools, and the admin (its own build) keeps React under react-admin.
 */
export function preactForPages(): Plugin {
  return {
    name: 'site:preact-for-pages',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source, importer, options) {
      const target = PREACT_FOR.get(source);
      return target ? this.resolve(target, importer, { ...options, skipSelf: true }) : null;
    },
  };
}
