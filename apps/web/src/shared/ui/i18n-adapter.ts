/**
 * The one place where the design system meets the app's i18n module, so an API change there is adapted here.
 * Expected: useT() returns t(key, params?) with `{name}` placeholders; useLocale() returns 'pt' | 'en'.
 * Strings live in locales/{pt,en}/ui.ts under the `ui` namespace.
 */
export { useLocale, useT } from '../lib/i18n';
