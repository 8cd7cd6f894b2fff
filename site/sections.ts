/** Titles of the text page sections (the first segment of their address). */
export const SECTION_TITLES: Record<string, string> = { investoram: 'Инвесторам' };
