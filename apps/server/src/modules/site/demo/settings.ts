import type { TenantSettingsInput } from '@sorte/contracts';

/** The name of the tenant seeded on first start (bound to localhost and 127.0.0.1). */
export const DEMO_TENANT_NAME = 'Sorte Demo';

/** What the demo offers, and nothing it does not (no cashback or VIP club yet). */
export const DEMO_DESCRIPTION = {
  pt:
    'Sorte Demo: cassino online de demonstração com jogos Sorte Originals comprováveis e depósitos e saques via ' +
    'PIX em minutos. Proibido para menores de 18 anos. Jogue com responsabilidade.',
  en:
    'Sorte Demo: a demonstration online casino with provably fair Sorte Originals games and PIX deposits and ' +
    'withdrawals in minutes. Forbidden for under-18s. Play responsibly.',
};

type DemoBanner = {
  id: string;
  art: string;
  position: number;
  link: string;
  audience: 'guests' | 'players' | 'everyone';
  pt: { title: string; alt: string };
  en: { title: string; alt: string };
};

/** A banner in both languages: its artwork under /static/demo/banners/<art>[-en][-mobile].svg. */
const banner = (b: DemoBanner) => ({
  id: b.id,
  title: b.pt.title,
  alt: b.pt.alt,
  image: `/static/demo/banners/${b.art}.svg`,
  image_mobile: `/static/demo/banners/${b.art}-mobile.svg`,
  link: b.link,
  position: b.position,
  locale: null,
  title_en: b.en.title,
  alt_en: b.en.alt,
  image_en: `/static/demo/banners/${b.art}-en.svg`,
  image_mobile_en: `/static/demo/banners/${b.art}-en-mobile.svg`,
  audience: b.audience,
});

/**
 * The demo's home banners: only what the site really offers today, each linking to a page that exists. The welcome
 * bonus is the demo's real offer (seeded by promotions with the coupon BEMVINDO) and is shown to guests only: it is
 * for new players, and its rules are on /promotion. A guest's PIX banner asks for an account first.
 */
export const demoBanners = [
  banner({
    id: 'sorte-originals',
    art: 'sorte-originals',
    position: 0,
    link: '/originals',
    audience: 'everyone',
    pt: {
      title: 'Sorte Originals: jogos comprovadamente justos',
      alt: 'Dados, cartas e um escudo verde: conheça os Sorte Originals, jogos com resultado verificável (provably fair).',
    },
    en: {
      title: 'Sorte Originals: provably fair games',
      alt: 'Dice, cards and a green shield: meet Sorte Originals, games whose every result you can check (provably fair).',
    },
  }),
  banner({
    id: 'boas-vindas',
    art: 'boas-vindas',
    position: 1,
    link: '/promotion',
    audience: 'guests',
    pt: {
      title: 'Bônus de boas-vindas: 100% até R$ 500 no primeiro depósito',
      alt: 'Presente verde e moedas: cupom BEMVINDO no 1º depósito via PIX, 100% em bônus até R$ 500. Novos jogadores, mínimo R$ 20, rollover 30x em 30 dias. 18+, termos se aplicam.',
    },
    en: {
      title: 'Welcome bonus: 100% up to R$ 500 on your first deposit',
      alt: 'A green gift and coins: coupon BEMVINDO on your first PIX deposit, a 100% bonus up to R$ 500. New players, minimum R$ 20, wager 30x in 30 days. 18+, terms apply.',
    },
  }),
  banner({
    id: 'pix-cadastro',
    art: 'pix-cadastro',
    position: 1,
    link: '/register',
    audience: 'guests',
    pt: {
      title: 'Depósito e saque via PIX em minutos',
      alt: 'Celular com o símbolo do PIX: crie sua conta e deposite e saque via PIX em minutos, somente de contas no seu próprio CPF.',
    },
    en: {
      title: 'PIX deposits and withdrawals in minutes',
      alt: 'A phone with the PIX symbol: create your account to deposit and withdraw by PIX in minutes, only from accounts in your own CPF.',
    },
  }),
  banner({
    id: 'pix',
    art: 'pix',
    position: 1,
    link: '/account/wallet',
    audience: 'players',
    pt: {
      title: 'Depósito e saque via PIX em minutos',
      alt: 'Celular com o símbolo do PIX: depósitos e saques via PIX em minutos, somente de contas no seu próprio CPF.',
    },
    en: {
      title: 'PIX deposits and withdrawals in minutes',
      alt: 'A phone with the PIX symbol: PIX deposits and withdrawals in minutes, only from accounts in your own CPF.',
    },
  }),
  banner({
    id: 'jogo-responsavel',
    art: 'jogo-responsavel',
    position: 2,
    link: '/responsible-gaming',
    audience: 'everyone',
    pt: {
      title: 'Jogo responsável: você no controle do seu jogo',
      alt: 'Escudo verde e um botão de pausa: defina limites, faça pausas ou peça a autoexclusão. Precisa de ajuda? Ligue 188.',
    },
    en: {
      title: 'Responsible gaming: you are in control of your play',
      alt: 'A green shield and a pause button: set limits, take a break or self-exclude. Need help? In Brazil, call 188.',
    },
  }),
];

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
    description: DEMO_DESCRIPTION.pt,
    description_en: DEMO_DESCRIPTION.en,
    link: 'http://localhost:3000',
  },
  siteTitle: 'Sorte Demo | Cassino online com PIX',
  siteTitle_en: 'Sorte Demo | Online casino with PIX',
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
  // Refer a friend: R$ 20,00 when the friend's first deposit is at least R$ 20,00 and they have wagered R$ 50,00,
  // paid after a 7-day review.
  cpa_value: 2_000,
  affiliate_regular_user_active: true,
  cpa_min_deposit: 2_000,
  cpa_min_wager: 5_000,
  cpa_review_days: 7,
  banners: demoBanners,
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
