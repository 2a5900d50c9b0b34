import { describe, expect, it } from 'vitest';
import { siteDescription, TenantSettings } from './site-config';

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
