import type { ConsoleSection } from './types';

/** The tenant section of the console. */
export const tenantSection: ConsoleSection = {
  resources: [],
  routes: null,
  subjects: {},
  messages: { 'pt-BR': {}, en: {} },
};
