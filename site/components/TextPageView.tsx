import { useLocalizedPath, useTexts } from '../i18n/useTexts.js';
import type { TextPageData } from '../textPageData.js';
import { Breadcrumbs, type Crumb } from './Breadcrumbs.js';
import { EnquiryFormView } from './EnquiryFormView.js';
import { RichText } from './RichText.js';

export function TextPageView({ data }: { data: TextPageData }) {
  const { page, siblings, enquiry } = data;
  const texts = useTexts();
  const localized = useLocalizedPath();
  const section = page.section;
  const sectionTitle = section ? (texts.sectionTitles[section] ?? section) : '';
  const crumbs: Crumb[] = section ? [{ title: sectionTitle, href: localized(`/${section}`) }, { title: page.title }] : [{ title: page.title }];
  return (
    <div className="container page">
      <Breadcrumbs items={crumbs} />
      <div className={siblings.length ? 'with-aside' : undefined}>
        {siblings.length > 0 && section && (
          <nav className="aside-nav" aria-label={sectionTitle}>
            <ul>
              {siblings.map((sibling) => (
                <li key={sibling.identifier}>
                  <a href={localized(`/${section}/${sibling.identifier}`)} aria-current={sibling.identifier === page.identifier ? 'page' : undefined}>
                    {sibling.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {data.inRussian && (
          <p className="notice" role="note">
            {texts.shownInRussian}
          </p>
        )}
        <article className="text-page" lang={data.inRussian ? 'ru' : undefined}>
          <h1 className="page__title">{page.title}</h1>
          <RichText html={page.content} />
          {enquiry && <EnquiryFormView form={enquiry.form} result={enquiry.result} back={data.meta.canonicalPath ?? `/${page.identifier}`} />}
        </article>
      </div>
    </div>
  );
}
