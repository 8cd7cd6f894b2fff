import { z } from 'zod';

/**
 * Page parameters of the public lists: absent means page 1; a value that is not a whole number of at least 1 (or
 * a parameter given twice) is a 404 «Page not found.»; a page beyond the last answers an empty `items`.
 */
export const pageParam = (description = 'The page, from 1.') => z.int().min(1).optional().meta({ description });

export const PAGE_QUERY = z.object({ page: pageParam() });
