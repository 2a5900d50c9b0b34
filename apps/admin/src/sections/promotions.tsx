import type { ConsoleSection } from './types';

/** The promotions section of the console. */
export const promotionsSection: ConsoleSection = {
  resources: [],
  routes: null,
  subjects: {},
  messages: { 'pt-BR': {}, en: {} },
};
