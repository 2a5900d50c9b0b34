import { describe, expect, it } from 'vitest';
import { inLocale, regLicense, siteDescription, TenantSettings } from './site-config';

const settings = (site: Record<string, unknown>) => ({
  site: { name: 'Bet', title: 'Bet', link: 'https://bet.example', ...site },
  siteTitle: 'Bet',
  logo: '/logo.svg',
  colors: {
    primary: '#22c55e',
    primary_text: '#000000',
    secondary: '#facc15',
    secondary_text: '#000000',
    success: '#16a34a',
    warning: '#f59e0b',
    danger: '#ef4444',
    info: '#38bdf8',
    dark: {
      background: '#000000',
      surface: '#111111',
      surface_alt: '#222222',
      text: '#ffffff',
      text_muted: '#999999',
      border: '#333333',
    },
    light: {
      background: '#ffffff',
      surface: '#ffffff',
      surface_alt: '#eeeeee',
      text: '#000000',
      text_muted: '#666666',
      border: '#dddddd',
    },
  },
  min_deposit: 1_000,
  max_deposit: 100_000,
  min_withdrawal: 1_000,
  max_withdrawal: 100_000,
  deposit_popup_values: [2_000],
});

describe('the site description per language', () => {
  it('shows the English text on English pages and the Portuguese one on Portuguese pages', () => {
    const { site } = TenantSettings.parse(
      settings({ description: 'Cassino com PIX.', description_en: 'Casino with PIX.' }),
    );
    expect(siteDescription(site, 'pt')).toBe('Cassino com PIX.');
    expect(siteDescription(site, 'en')).toBe('Casino with PIX.');
  });

  it('keeps a tenant stored with a single description working: English pages fall back to it', () => {
    const { site } = TenantSettings.parse(settings({ description: 'Cassino com PIX.' }));
    expect(site.description_en).toBeNull();
    expect(siteDescription(site, 'en')).toBe('Cassino com PIX.');
    // A blank English text counts as missing, and so does a config that predates the field.
    const blank = TenantSettings.parse(settings({ description: 'Cassino com PIX.', description_en: '   ' })).site;
    expect(siteDescription(blank, 'en')).toBe('Cassino com PIX.');
    expect(siteDescription({ description: 'Cassino com PIX.' }, 'en')).toBe('Cassino com PIX.');
  });
});

describe('the footer licence line per language', () => {
  const pt = 'Autorizado pela SPA/MF, Portaria SPA/MF nº 1/2025.';
  const en = 'Authorized by SPA/MF, SPA/MF Ordinance No. 1/2025.';

  it('shows the English text on English pages and the Portuguese one on Portuguese pages', () => {
    const s = TenantSettings.parse(settings({ description: '' }));
    expect(s.reg_license).toBeNull();
    expect(s.reg_license_en).toBeNull();
    const both = TenantSettings.parse({ ...settings({ description: '' }), reg_license: pt, reg_license_en: en });
    expect(regLicense(both, 'pt')).toBe(pt);
    expect(regLicense(both, 'en')).toBe(en);
  });

  it('falls back to the Portuguese text when the English one is null, blank or missing, and to none without either', () => {
    const only = TenantSettings.parse({ ...settings({ description: '' }), reg_license: pt });
    expect(only.reg_license_en).toBeNull();
    expect(regLicense(only, 'en')).toBe(pt);
    const blank = TenantSettings.parse({ ...settings({ description: '' }), reg_license: pt, reg_license_en: '  ' });
    expect(regLicense(blank, 'en')).toBe(pt);
    // A config cached from before the field existed, or one that was never parsed (no trimming).
    expect(regLicense({ reg_license: pt }, 'en')).toBe(pt);
    expect(regLicense({ reg_license: pt, reg_license_en: ' ' }, 'en')).toBe(pt);
    expect(regLicense({ reg_license: null, reg_license_en: null }, 'en')).toBeNull();
    expect(regLicense({ reg_license: null }, 'pt')).toBeNull();
    // An English-only licence shows on English pages; Portuguese pages have none.
    expect(regLicense({ reg_license: null, reg_license_en: en }, 'en')).toBe(en);
    expect(regLicense({ reg_license: null, reg_license_en: en }, 'pt')).toBeNull();
  });

  it('keeps the licence within the same 300-character limit in both languages', () => {
    const long = 'x'.repeat(301);
    expect(TenantSettings.safeParse({ ...settings({ description: '' }), reg_license: long }).success).toBe(false);
    expect(TenantSettings.safeParse({ ...settings({ description: '' }), reg_license_en: long }).success).toBe(false);
    expect(
      TenantSettings.safeParse({ ...settings({ description: '' }), reg_license_en: 'x'.repeat(300) }).success,
    ).toBe(true);
  });

  it('is the one picker the description uses too', () => {
    expect(inLocale('Olá', 'Hello', 'en')).toBe('Hello');
    expect(inLocale('Olá', 'Hello', 'pt')).toBe('Olá');
    expect(inLocale('Olá', undefined, 'en')).toBe('Olá');
  });
});
