import { imageAlt } from '@lib/titles.js';
import type { ColourEntry, LogoEntry, LogoItem, Photo } from '@lib/types.js';
import { showToast } from '../../client/toasts.js';
import { useAltTemplate, useTexts } from '../../i18n/useTexts.js';
import { AltInPlace, Picture } from '../Picture.js';

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy failed');
}

function CopyValue({ label, value }: { label: string; value: string }) {
  const texts = useTexts();
  if (!value) return null;
  const copy = () =>
    copyText(value).then(
      () => showToast(texts.copied(label, value), 'info'),
      () => showToast(texts.copyFailed, 'error'),
    );
  return (
    <div className="colour__row">
      <dt>{label}</dt>
      <dd>
        <button type="button" className="colour__value" onClick={copy} title={texts.clickToCopy} data-copy={value}>
          {value}
        </button>
      </dd>
    </div>
  );
}

/**
 * The level of an item's title: under the category's heading on the photobank's page, right under the page's own
 * heading on a category's page (headings go one level down at a time).
 */
type ItemHeading = 'h2' | 'h4';

export function Colour({ colour, heading: Heading = 'h4' }: { colour: ColourEntry; heading?: ItemHeading }) {
  return (
    <li className="colour">
      <span className="colour__swatch" style={{ backgroundColor: colour.hex }} aria-hidden="true" />
      <Heading className="colour__title">{colour.title}</Heading>
      <dl className="colour__values">
        <CopyValue label="HEX" value={colour.hex} />
        <CopyValue label="RGB" value={colour.rgb} />
        <CopyValue label="CMYK" value={colour.cmyk} />
        <CopyValue label="Pantone" value={colour.pantone} />
      </dl>
    </li>
  );
}

/** The first logo is the page's largest content above the fold: loaded at once and first. */
export function Logo({ logo, first, heading: Heading = 'h4' }: { logo: LogoEntry; first: boolean; heading?: ItemHeading }) {
  const texts = useTexts();
  const loading = first ? ({ loading: 'eager', fetchPriority: 'high' } as const) : ({ loading: 'lazy', decoding: 'async' } as const);
  return (
    <li className="logo-item">
      <div className="logo-item__preview">
        {logo.preview ? (
          <>
            <img src={logo.preview} alt={texts.logoOf(logo.title)} {...loading} width="240" height="120" />
            <AltInPlace alt={texts.logoOf(logo.title)} />
          </>
        ) : null}
      </div>
      <Heading className="logo-item__title">{logo.title}</Heading>
      <ul className="logo-item__files" aria-label={texts.filesOf(logo.title)}>
        {logo.files.map((file) => (
          <li key={file.id}>
            <a className="file-link" href={file.url} download>
              <span className="file-link__format">{file.format.toUpperCase()}</span>
              <span className="file-link__size">{texts.fileSize(file.size)}</span>
            </a>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** A category's logos, then its colours, each in their own grid. */
export function LogoItems({ items, firstLogoId, heading }: { items: readonly LogoItem[]; firstLogoId?: number; heading?: ItemHeading }) {
  const logos = items.filter((item): item is LogoEntry => item.type === 'logo');
  const colours = items.filter((item): item is ColourEntry => item.type === 'colour');
  return (
    <>
      {logos.length > 0 && (
        <ul className="logo-grid">
          {logos.map((logo) => (
            <Logo key={logo.id} logo={logo} first={logo.id === firstLogoId} heading={heading} />
          ))}
        </ul>
      )}
      {colours.length > 0 && (
        <ul className="colours">
          {colours.map((colour) => (
            <Colour key={colour.id} colour={colour} heading={heading} />
          ))}
        </ul>
      )}
    </>
  );
}

/** A category's photos, each with its download. */
export function PhotoItems({ items, heading: Heading = 'h4' }: { items: readonly Photo[]; heading?: ItemHeading }) {
  const texts = useTexts();
  const altTemplate = useAltTemplate();
  return (
    <ul className="photo-grid">
      {items.map((photo) => (
        <li key={photo.id} className="photo">
          {photo.image && (
            <Picture
              image={photo.image}
              crop="photo"
              alt={imageAlt(photo.image.alt, photo.title, altTemplate)}
              sizes="(min-width: 992px) 320px, (min-width: 576px) 45vw, 100vw"
            />
          )}
          <div className="photo__body">
            <Heading className="photo__title">{photo.title}</Heading>
            {photo.image && (
              <a className="file-link" href={photo.image.src} download>
                <span className="file-link__format">{texts.download}</span>
                <span className="file-link__size">{texts.fileSize(photo.size)}</span>
              </a>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
