import { useMemo } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import type { LayoutData } from '@lib/types.js';

/**
 * The page's layout (menus, social links): the server renders from its object, the client from the JSON the server
 * passed, parsed again only when a navigation brings another string (after a content change).
 */
export function useLayout(): LayoutData | undefined {
  const { layout, layoutJson } = usePageContext();
  const parsed = useMemo(() => (layout || layoutJson === undefined ? undefined : (JSON.parse(layoutJson) as LayoutData)), [layout, layoutJson]);
  return layout ?? parsed;
}
