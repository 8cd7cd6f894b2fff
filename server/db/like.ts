/** `text` matched literally inside a LIKE pattern: its `\`, `%` and `_` escaped with `\` (the query says `escape '\'`). */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);
