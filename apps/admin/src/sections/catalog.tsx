import type { ConsoleSection } from './types';

/** The catalog section of the console. */
export const catalogSection: ConsoleSection = {
  resources: [],
  routes: null,
  subjects: {},
  messages: { 'pt-BR': {}, en: {} },
};
