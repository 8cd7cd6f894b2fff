import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { LoadingBar } from '../shell/LoadingBar.js';

/**
 * A component whose code loads the first time it shows (its own chunk), with the loading bar (or `placeholder`)
 * meanwhile. A chunk that fails to load (a new deployment) reloads the page through the chunk-reload guard of the
 * page's head.
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>, placeholder: ReactNode = <LoadingBar />): ComponentType<P> {
  const Screen = lazy(async () => ({ default: await load() }));
  const LazyScreen = (props: P) => (
    <Suspense fallback={placeholder}>
      <Screen {...props} />
    </Suspense>
  );
  return LazyScreen;
}
