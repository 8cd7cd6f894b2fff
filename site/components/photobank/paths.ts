/** The photobank's page: every category with its first page of items. */
export const PHOTOBANK_PATH = '/media/photobank';

/** A photobank category's own page, where its items go on page after page. */
export const photobankCategoryPath = (id: number): string => `${PHOTOBANK_PATH}/${id}`;
