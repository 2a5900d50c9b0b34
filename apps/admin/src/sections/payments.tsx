import type { ConsoleSection } from './types';

/** The payments section of the console. */
export const paymentsSection: ConsoleSection = {
  resources: [],
  routes: null,
  subjects: {},
  messages: { 'pt-BR': {}, en: {} },
};
