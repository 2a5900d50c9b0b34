/** The catalog's player-facing texts, pt-BR and en. */
export const MSG = {
  eventNotFound: { pt: 'Evento não encontrado.', en: 'Event not found.' },
} as const;
