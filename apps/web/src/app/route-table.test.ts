import { ROUTES } from '@sorte/contracts';
import { describe, expect, it } from 'vitest';
import { documentTitle, expandRoutes, loginRedirect } from './route-table';

describe('expandRoutes', () => {
  const routes = expandRoutes();

  it('has every route of the table twice: plain path in pt, /en prefix in en', () => {
    expect(routes).toHaveLength(ROUTES.length * 2);
    for (const def of ROUTES) {
      const pt = routes.find((r) => r.def === def && r.locale === 'pt');
      const en = routes.find((r) => r.def === def && r.locale === 'en');
      expect(pt?.path).toBe(def.path);
      expect(en?.path).toBe(def.path === '/' ? '/en' : `/en${def.path}`);
    }
  });

  it('gives unique ids and paths', () => {
    expect(new Set(routes.map((r) => r.id)).size).toBe(routes.length);
    expect(new Set(routes.map((r) => r.path.toLowerCase())).size).toBe(routes.length);
  });

  it('keeps auth and layout from the table', () => {
    const wallet = routes.filter((r) => r.def.name === 'account-wallet');
    expect(wallet.map((r) => r.def.auth)).toEqual([true, true]);
    const offline = routes.find((r) => r.path === '/en/Offiline');
    expect(offline?.def.layout).toBe('empty');
  });
});

describe('documentTitle', () => {
  const terms = ROUTES.find((r) => r.name === 'terms')!;
  const home = ROUTES.find((r) => r.name === 'home')!;

  it('is "<route title> | <siteTitle>" in the locale', () => {
    expect(documentTitle(terms, 'pt', 'Sorte', 'x')).toBe('Termos e Condições | Sorte');
    expect(documentTitle(terms, 'en', 'Sorte', 'x')).toBe('Terms and Conditions | Sorte');
  });

  it('is the site title alone on the home page, and names the 404', () => {
    expect(documentTitle(home, 'pt', 'Sorte', 'x')).toBe('Sorte');
    expect(documentTitle(null, 'pt', 'Sorte', 'Página não encontrada')).toBe('Página não encontrada | Sorte');
  });
});

describe('loginRedirect', () => {
  it('sends a guest to the login route of the same locale with the way back', () => {
    expect(loginRedirect('pt', '/account/wallet')).toBe('/login?redirect=%2Faccount%2Fwallet');
    expect(loginRedirect('en', '/en/user/edit?tab=1')).toBe('/en/login?redirect=%2Fen%2Fuser%2Fedit%3Ftab%3D1');
  });
});
