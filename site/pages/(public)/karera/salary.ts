import { formatRoubles, groupDigits } from '@lib/format.js';

/** A vacancy's salary range: «от 90 000 до 120 000 ₽», «от 90 000 ₽», «до 120 000 ₽», or by agreement. */
export function salaryText(from: number | null, to: number | null): string {
  if (from !== null && to !== null) return from === to ? formatRoubles(from) : `от ${groupDigits(from)} до ${formatRoubles(to)}`;
  if (from !== null) return `от ${formatRoubles(from)}`;
  if (to !== null) return `до ${formatRoubles(to)}`;
  return 'Зарплата по договорённости';
}
