import type { ConsoleSection } from './types';

/** The dashboard section of the console. */
export const dashboardSection: ConsoleSection = {
  resources: [],
  routes: null,
  subjects: {},
  messages: { 'pt-BR': {}, en: {} },
};
