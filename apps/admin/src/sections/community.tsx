import type { ConsoleSection } from './types';

/** The community section of the console. */
export const communitySection: ConsoleSection = {
  resources: [],
  routes: null,
  subjects: {},
  messages: { 'pt-BR': {}, en: {} },
};
