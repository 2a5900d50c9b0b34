export type ConsoleLocale = 'pt-BR' | 'en';

const KEY = 'sorte-admin-locale';

/** pt-BR unless the staff member chose English (kept in this browser). */
export function currentLocale(): ConsoleLocale {
  try {
    return localStorage.getItem(KEY) === 'en' ? 'en' : 'pt-BR';
  } catch {
    return 'pt-BR';
  }
}

export function saveLocale(locale: ConsoleLocale) {
  try {
    localStorage.setItem(KEY, locale);
  } catch {
    // A browser that keeps nothing still switches for this visit.
  }
  document.documentElement.lang = locale;
}
