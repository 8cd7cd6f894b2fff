import { hydrated } from '../../client/navigation.js';

export function onHydrationEnd(): void {
  hydrated();
}
