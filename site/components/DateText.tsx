import { formatDate, isoDate } from '@lib/format.js';

export function DateText({ value, className }: { value: string; className?: string }) {
  return (
    <time className={className} dateTime={isoDate(value)}>
      {formatDate(value)}
    </time>
  );
}
