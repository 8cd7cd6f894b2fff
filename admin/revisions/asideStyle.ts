/** The history beside the form on wide screens, below it on narrow ones (the edit screen's row wraps). */
export const ASIDE_SX = { ml: { xs: 0, md: 2 }, mt: { xs: 2, md: 0 }, width: { xs: '100%', md: 360 }, flexShrink: 0, alignSelf: 'flex-start' } as const;
