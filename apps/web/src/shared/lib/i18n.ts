import { useCallback } from 'react';
import { create } from 'zustand';
import { messages } from '../../locales';
import { DEFAULT_LOCALE, type Locale } from './locale';

export type TParams = Record<string, string | number>;
export type TFunction = (key: string, params?: TParams) => string;

type LocaleState = { locale: Locale; setLocale: (locale: Locale) => void };

/** The current locale. The router sets it from the URL on every navigation. */
export const useLocaleStore = create<LocaleState>((set) => ({
  locale: DEFAULT_LOCALE,
  setLocale: (locale) => set({ locale }),
}));

export const getLocale = (): Locale => useLocaleStore.getState().locale;

type Tree = Record<string, unknown>;
const extra: Record<Locale, Tree> = { pt: {}, en: {} };

/**
 * Adds a feature's namespace at runtime. Feature chunks (wallet, auth, casino ...) register their own strings when
 * their module loads, so the home route's bundle carries only the shell's messages:
 * `registerMessages('wallet', { pt: ptWallet, en: enWallet })` at the top of the feature's entry module.
 */
export function registerMessages(namespace: string, byLocale: Record<Locale, Tree>): void {
  extra.pt[namespace] = byLocale.pt;
  extra.en[namespace] = byLocale.en;
}

/** The raw value at a dotted key ("app.error.jokes.404"), or undefined. */
export function lookup(locale: Locale, key: string): unknown {
  const dot = key.indexOf('.');
  const ns = dot < 0 ? key : key.slice(0, dot);
  let node: unknown = ns in extra[locale] ? extra[locale] : messages[locale];
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

export function interpolate(text: string, params?: TParams): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Translates a key in a locale; falls back to pt, then to the key itself so a missing string is visible, not blank. */
export function translate(locale: Locale, key: string, params?: TParams): string {
  const value = lookup(locale, key) ?? lookup(DEFAULT_LOCALE, key);
  return typeof value === 'string' ? interpolate(value, params) : key;
}

/** A list of strings at a key (joke pools ...), with the same fallbacks. */
export function translateList(locale: Locale, key: string): string[] {
  const value = lookup(locale, key) ?? lookup(DEFAULT_LOCALE, key);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** Translates with the current locale, for code outside React. */
export const t: TFunction = (key, params) => translate(getLocale(), key, params);

export function useLocale(): Locale {
  return useLocaleStore((s) => s.locale);
}

/** t() bound to the current locale; components re-render when the locale changes. */
export function useT(): TFunction {
  const locale = useLocale();
  return useCallback((key: string, params?: TParams) => translate(locale, key, params), [locale]);
}
