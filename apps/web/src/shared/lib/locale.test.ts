import { describe, expect, it } from 'vitest';
import { detectLocale, localeCookie, localeFromTag, localizePath, readLocaleCookie, switchLocalePath } from './locale';

describe('detectLocale', () => {
  it('takes the route prefix first', () => {
    expect(detectLocale({ pathname: '/en/terms', cookie: 'i18n_redirected=pt', languages: ['pt-BR'] })).toBe('en');
    expect(detectLocale({ pathname: '/en', cookie: '', languages: [] })).toBe('en');
  });

  it('then the i18n_redirected cookie', () => {
    expect(detectLocale({ pathname: '/terms', cookie: 'a=1; i18n_redirected=en; b=2', languages: ['pt-BR'] })).toBe(
      'en',
    );
    expect(detectLocale({ pathname: '/', cookie: 'i18n_redirected=pt', languages: ['en-US'] })).toBe('pt');
  });

  it('ignores a cookie with a language we do not speak', () => {
    expect(detectLocale({ pathname: '/', cookie: 'i18n_redirected=fr', languages: ['en-GB'] })).toBe('en');
  });

  it('then the first browser language we speak', () => {
    expect(detectLocale({ pathname: '/', cookie: '', languages: ['es-ES', 'en-US', 'pt-BR'] })).toBe('en');
    expect(detectLocale({ pathname: '/', cookie: '', languages: ['pt-PT'] })).toBe('pt');
  });

  it('else pt', () => {
    expect(detectLocale({ pathname: '/casino/games', cookie: '', languages: ['de-DE', 'fr'] })).toBe('pt');
    expect(detectLocale({ pathname: '/' })).toBe('pt');
  });

  it('does not read /english or /en-us as the en prefix', () => {
    expect(detectLocale({ pathname: '/english', languages: [] })).toBe('pt');
  });
});

describe('locale helpers', () => {
  it('maps browser tags', () => {
    expect(localeFromTag('EN_us')).toBe('en');
    expect(localeFromTag('pt')).toBe('pt');
    expect(localeFromTag('es')).toBeNull();
  });

  it('reads the cookie among others', () => {
    expect(readLocaleCookie('x=en; i18n_redirected=en')).toBe('en');
    expect(readLocaleCookie('my_i18n_redirected=en')).toBeNull();
  });

  it('writes the cookie for 365 days, Lax, or None+Secure when cross-origin', () => {
    expect(localeCookie('en', false)).toBe('i18n_redirected=en; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(localeCookie('pt', true)).toBe('i18n_redirected=pt; Max-Age=31536000; Path=/; SameSite=None; Secure');
  });

  it('prefixes paths for en only', () => {
    expect(localizePath('/', 'en')).toBe('/en');
    expect(localizePath('/terms', 'en')).toBe('/en/terms');
    expect(localizePath('/?ref=x', 'en')).toBe('/en?ref=x');
    expect(localizePath('/terms', 'pt')).toBe('/terms');
    expect(localizePath('https://example.com', 'en')).toBe('https://example.com');
  });

  it('switches the same page between languages', () => {
    expect(switchLocalePath('/en/terms', '?a=1', '#x', 'pt')).toBe('/terms?a=1#x');
    expect(switchLocalePath('/terms', '', '', 'en')).toBe('/en/terms');
    expect(switchLocalePath('/en', '', '', 'pt')).toBe('/');
    expect(switchLocalePath('/', '', '', 'en')).toBe('/en');
  });
});
