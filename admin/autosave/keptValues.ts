/** A file chosen in a file input: the browser cannot hand it back after a reload, so it is never kept. */
const isChosenFile = (value: unknown): boolean => typeof value === 'object' && value !== null && 'rawFile' in value;

/** The form's values that can be kept: everything but files chosen in file inputs. */
export function keepableValues(values: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (isChosenFile(value)) continue;
    kept[name] = Array.isArray(value) ? value.filter((item) => !isChosenFile(item)) : value;
  }
  return kept;
}

/** Form values are JSON (they come from the API and go back to it), so they are compared as JSON. */
const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields whose kept value differs from the form's, leaving the record's identity and version aside. */
export function changedFields(kept: Record<string, unknown>, current: Record<string, unknown>): string[] {
  return Object.keys(kept).filter((name) => name !== 'id' && name !== 'version' && !sameValue(kept[name], current[name]));
}
