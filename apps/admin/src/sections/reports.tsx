import type { ConsoleSection } from './types';

/** The reports section of the console. */
export const reportsSection: ConsoleSection = {
  resources: [],
  routes: null,
  subjects: {},
  messages: { 'pt-BR': {}, en: {} },
};
