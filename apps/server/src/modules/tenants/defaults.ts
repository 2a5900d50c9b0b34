import type { TenantSettingsInput } from '@sorte/contracts';

/**
 * What a new tenant starts with: a complete, working site an operator then re-brands with tenant:set.
 * Limits follow what Brazilian PIX operators commonly use (R$ 10 minimum deposit, R$ 50,000 maximum).
 */
export function defaultTenantSettings(o: { name: string; host: string }): TenantSettingsInput {
  const link = o.host === 'localhost' || o.host.startsWith('127.') ? `http://${o.host}` : `https://${o.host}`;
  return {
    site: {
      name: o.name,
      title: o.name,
      description: `${o.name}: cassino online e apostas esportivas.`,
      description_en: `${o.name}: online casino and sports betting.`,
      link,
    },
    siteTitle: `${o.name} | Cassino online`,
    logo: '/static/default/logo.svg',
    colors: {
      primary: '#22c55e',
      primary_text: '#05170c',
      secondary: '#facc15',
      secondary_text: '#1f1a00',
      success: '#22c55e',
      warning: '#f59e0b',
      danger: '#ef4444',
      info: '#38bdf8',
      dark: {
        background: '#0b0f17',
        surface: '#131a26',
        surface_alt: '#1b2433',
        text: '#eef2f7',
        text_muted: '#8b97a8',
        border: '#253044',
      },
      light: {
        background: '#f4f6fa',
        surface: '#ffffff',
        surface_alt: '#eef1f6',
        text: '#0f172a',
        text_muted: '#5b6678',
        border: '#dde3ec',
      },
    },
    min_deposit: 1_000,
    max_deposit: 5_000_000,
    min_withdrawal: 2_000,
    max_withdrawal: 5_000_000,
    deposit_popup_values: [2_000, 5_000, 10_000, 20_000, 50_000],
  };
}
