import type { FilterChips as Filter } from '../listPages.js';
import { listHref } from '../meta.js';

interface FilterChipsProps {
  filters: readonly Filter[];
  /** The list's path and its picked filters: each chip links to the list with its own value picked instead. */
  path: string;
  chosen: Readonly<Record<string, string>>;
}

/** A list page's filters as rows of plain links, one row per filter, the picked chip marked as current. */
export function FilterChips({ filters, path, chosen }: FilterChipsProps) {
  const chip = (filter: Filter, value: string | null, label: string) => {
    const others = Object.fromEntries(Object.entries(chosen).filter(([name]) => name !== filter.name));
    return (
      <li key={value ?? ''}>
        <a
          className="chip"
          href={listHref(path, value === null ? others : { ...others, [filter.name]: value })}
          aria-current={filter.current === value ? 'page' : undefined}
        >
          {label}
        </a>
      </li>
    );
  };
  return (
    <>
      {filters
        .filter((filter) => filter.options.length > 0)
        .map((filter) => (
          <nav key={filter.name} aria-label={filter.label}>
            <ul className="chips">
              {chip(filter, null, filter.all)}
              {filter.options.map((option) => chip(filter, option.value, option.label))}
            </ul>
          </nav>
        ))}
    </>
  );
}
