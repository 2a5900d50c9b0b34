import type { TenantSettingsInput } from '@sorte/contracts';

/** The name of the tenant seeded on first start (bound to localhost and 127.0.0.1). */
export const DEMO_TENANT_NAME = 'Sorte Demo';

const banner = (id: string, position: number, title: string, alt: string, link: string) => ({
  id,
  title,
  alt,
  image: `/static/demo/banners/${id}.svg`,
  image_mobile: `/static/demo/banners/${id}-mobile.svg`,
  link,
  position,
  locale: null,
});

/**
 * The demo tenant: a complete, realistic theme for "Sorte Demo", a demonstration operator (not a licensed
 * company). Money is integer centavos: 1_000 = R$ 10,00.
 */
export const demoTenantSettings: TenantSettingsInput = {
  is_regulated: false,
  kyc: true,
  hasSports: false,
  hasBoxes: true,
  disable_18_popup: false,
  site: {
    name: DEMO_TENANT_NAME,
    title: 'Sorte Demo | Cassino online com PIX',
    description:
      'Sorte Demo: cassino online de demonstração com jogos Sorte Originals comprováveis, cashback semanal, ' +
      'clube VIP e depósitos e saques via PIX em minutos. Proibido para menores de 18 anos. Jogue com responsabilidade.',
    description_en:
      'Sorte Demo: a demonstration online casino with provably fair Sorte Originals games, weekly cashback, ' +
      'a VIP club and PIX deposits and withdrawals in minutes. Forbidden for under-18s. Play responsibly.',
    link: 'http://localhost:3000',
  },
  siteTitle: 'Sorte Demo | Cassino online com PIX',
  logo: '/static/demo/logo.svg',
  logo_light: '/static/demo/logo-light.svg',
  logo_sizes: { header: 40, footer: 30 },
  colors: {
    primary: '#22c55e',
    primary_text: '#052e16',
    secondary: '#facc15',
    secondary_text: '#2a2000',
    success: '#16a34a',
    warning: '#f59e0b',
    danger: '#ef4444',
    info: '#38bdf8',
    dark: {
      background: '#0a1020',
      surface: '#111a2e',
      surface_alt: '#17233d',
      text: '#eef2f8',
      text_muted: '#94a3b8',
      border: '#243352',
    },
    light: {
      background: '#f3f6fb',
      surface: '#ffffff',
      surface_alt: '#e8eef6',
      text: '#0b1324',
      text_muted: '#4f5d75',
      border: '#d3dce9',
    },
  },
  gtmId: null,
  gtmSource: null,
  html: null,
  jivoChat: null,
  chat_support: false,
  cpa_value: 0,
  affiliate_regular_user_active: false,
  banners: [
    banner(
      'boas-vindas',
      0,
      'Bônus de boas-vindas: 100% até R$ 500 no primeiro depósito',
      'Trevo dourado e moedas: bônus de boas-vindas de 100% até R$ 500 no primeiro depósito. 18+, termos se aplicam, jogue com responsabilidade.',
      '/register',
    ),
    banner(
      'sorte-originals',
      1,
      'Sorte Originals: jogos comprovadamente justos',
      'Dados, cartas e um escudo verde: conheça os Sorte Originals, jogos com resultado verificável (provably fair).',
      '/casino/games',
    ),
    banner(
      'cashback-semanal',
      2,
      'Cashback semanal de 10% toda segunda-feira',
      'Moedas voltando para a carteira: 10% das perdas líquidas da semana de volta toda segunda-feira. 18+, termos se aplicam.',
      '/bonus',
    ),
    banner(
      'clube-vip',
      3,
      'Clube VIP: missões, níveis e recompensas',
      'Coroa dourada e estrelas: suba de nível no Clube VIP completando missões e ganhe recompensas exclusivas.',
      '/promotion',
    ),
    banner(
      'pix',
      4,
      'Depósito e saque via PIX em minutos',
      'Celular com o símbolo do PIX: depósitos e saques via PIX em minutos, somente de contas no seu próprio CPF.',
      '/account/wallet',
    ),
  ],
  googleClientId: null,
  turnstileSiteKey: null,
  casVerifyRegistrations: true,
  casAllowGoogleAuth: false,
  social: {
    instagram: 'https://instagram.com/sortedemo',
    telegram: 'https://t.me/sortedemo',
    x: 'https://x.com/sortedemo',
    facebook: null,
    youtube: 'https://youtube.com/@sortedemo',
    tiktok: 'https://tiktok.com/@sortedemo',
    whatsapp: null,
  },
  betby: { active: false, brand_id: null, theme_name: null },
  images: {
    favicon: '/static/demo/icon.svg',
    app_icon: '/static/demo/icon.svg',
    og_image: '/static/demo/og.svg',
    background: null,
  },
  icons: {},
  min_deposit: 1_000,
  max_deposit: 5_000_000,
  min_withdrawal: 2_000,
  max_withdrawal: 5_000_000,
  deposit_popup_values: [2_000, 5_000, 10_000, 20_000, 50_000],
  registerCPF: true,
  reg_license:
    'DEMONSTRAÇÃO: Sorte Demo Entretenimento Ltda., CNPJ 00.000.000/0001-00 (demonstração). ' +
    'Texto ilustrativo no formato "Autorizado pela SPA/MF, Portaria SPA/MF nº 0.000/2025"; este site não possui autorização real.',
  reg_license_en:
    'DEMONSTRATION: Sorte Demo Entretenimento Ltda., CNPJ 00.000.000/0001-00 (demonstration). ' +
    'Illustrative text in the format "Authorized by SPA/MF, SPA/MF Ordinance No. 0.000/2025"; this site holds no real authorization.',
  reg_phone: '0800 000 0000 (demonstração)',
  reg_alert: {
    pt: 'Apostas são proibidas para menores de 18 anos. Apostar pode causar dependência e perdas financeiras. Defina limites e jogue com responsabilidade. Precisa de ajuda? Ligue 188 (CVV).',
    en: 'Betting is forbidden for under-18s. Gambling can be addictive and cause financial losses. Set limits and play responsibly. Need help? In Brazil, call 188 (CVV).',
  },
  login_requires_cpf: false,
  login_requires_phone: true,
  login_requires_email: true,
  cashback: true,
  cashback_release_day: 1,
  cashback_release_hour: '12:00',
  cashback_conversion_percentage: 10,
  timezone: 'America/Sao_Paulo',
  api_base_url: '/api',
  default_locale: 'pt',
};
