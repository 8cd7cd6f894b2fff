import { DateText } from '../../../../components/DateText.js';
import { timeOfDay } from './texts.js';

/** When an event is: its date, its time in Moscow unless it takes the whole day, and its end when it has one. */
export function EventWhen({ starts, ends, zone, className }: { starts: string; ends: string | null; zone: string; className?: string }) {
  const time = (value: string) => {
    const at = timeOfDay(value);
    return at ? `, ${at} ${zone}` : '';
  };
  const sameDay = ends !== null && ends.slice(0, 10) === starts.slice(0, 10);
  return (
    <span className={className}>
      <DateText value={starts} />
      {time(starts)}
      {ends !== null && ends !== starts && (
        <>
          {' — '}
          {sameDay ? timeOfDay(ends) : <DateText value={ends} />}
          {sameDay ? ` ${zone}` : time(ends)}
        </>
      )}
    </span>
  );
}
