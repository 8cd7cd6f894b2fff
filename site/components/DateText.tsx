import { isoDate } from '@lib/format.js';
import { formatDateIn } from '../i18n/dates.js';
import { useLocale } from '../i18n/useTexts.js';

export function DateText({ value, className }: { value: string; className?: string }) {
  const locale = useLocale();
  return (
    <time className={className} dateTime={isoDate(value)}>
      {formatDateIn(locale, value)}
    </time>
  );
}
