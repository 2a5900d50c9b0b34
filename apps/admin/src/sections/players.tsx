import type { ConsoleSection } from './types';

/** The players section of the console. */
export const playersSection: ConsoleSection = {
  resources: [],
  routes: null,
  subjects: {},
  messages: { 'pt-BR': {}, en: {} },
};
