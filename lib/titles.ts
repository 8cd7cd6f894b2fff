/** Page titles, descriptions and image alt texts of the public site, with the brand and the page suffix from page 2. */

export const DEFAULT_ALT_TEMPLATE = 'Иллюстрация к странице «{title}» на сайте микрофинансовой компании — займы под залог';

/** ` - страница N` from page 2 upward, nothing on page 1. */
export function pageSuffix(page: number | null | undefined): string {
  return page && page >= 2 ? ` - страница ${page}` : '';
}

/** `{title}{ - страница N} | {brand}`; without a title, the brand alone (the default site title). `suffix`: the page suffix of another language. */
export function pageTitle(
  title: string | null | undefined,
  brand: string,
  page?: number | null,
  suffix: (page: number | null | undefined) => string = pageSuffix,
): string {
  const base = (title ?? '').trim();
  if (!base) return brand;
  return `${base}${suffix(page)} | ${brand}`;
}

/** The default description when a page has none of its own. */
export function defaultDescription(brand: string): string {
  return `${brand}: новости компании, публикации в СМИ, видео, фотобанк и информация для акционеров.`;
}

/** A description with the page suffix from page 2, so that paged lists do not repeat one description. */
export function pageDescription(description: string, page?: number | null, suffixOf: (page: number | null | undefined) => string = pageSuffix): string {
  const suffix = suffixOf(page);
  return suffix ? `${description}${suffix}` : description;
}

/** Alt text from the configured template; `{title}` is replaced by the page's title. */
export function altFromTemplate(template: string, title: string): string {
  // A title that brings its own quotes («Смарт Горизонт» стал…) is not quoted again by the template's «{title}».
  const quoted = /[«»"]/.test(title) ? template.split('«{title}»').join('{title}') : template;
  return quoted.split('{title}').join(title);
}

/**
 * The alt text of an image on a page: an alt the editor wrote for that image is kept; an image without one
 * (whose alt is just the page title) gets the template's wording.
 */
export function imageAlt(imageAlt: string, pageTitleText: string, template: string): string {
  const alt = imageAlt.trim();
  if (alt && alt !== pageTitleText.trim()) return alt;
  return altFromTemplate(template, pageTitleText.trim() || alt);
}
