/** The Betby adapter's player-facing texts, pt-BR and en. */
export const MSG = {
  inactive: {
    pt: 'As apostas esportivas da Betby não estão disponíveis neste site.',
    en: 'Betby sports betting is not available on this site.',
  },
} as const;
