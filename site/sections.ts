/** Titles of the text page sections (the first segment of their address). */
export const SECTION_TITLES: Record<string, string> = { investoram: 'Инвесторам' };

/** Pages of a section that are not text pages, listed in its side menu and on its index after the text pages. */
export const SECTION_PAGES: Record<string, { identifier: string; title: string; description: string }[]> = {
  investoram: [{ identifier: 'dokumenty', title: 'Документы для инвесторов', description: 'Годовые отчёты, финансовая отчётность, раскрытие информации, собрания акционеров.' }],
};
