import { TenantSettings, type TenantSettingsInput } from '@sorte/contracts';
import type { Db } from '../../platform/db/index';
import { loadDemoPages } from '../site/index';
import * as tenants from '../tenants/index';

export const REGULATED_DEMO_HOST = 'regulado.localhost';
export const REGULATED_DEMO_NAME = 'Aposta Certa';

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
 * The regulated demo tenant: Brazilian regulated mode (limits before the first deposit, risk warning, idle close,
 * national list) with its own name and colours, and no bonus offers (the bonus ban). A demonstration operator, not
 * a licensed company.
 */
export function regulatedDemoSettings(): TenantSettingsInput {
  return {
    ...tenants.defaultTenantSettings({ name: REGULATED_DEMO_NAME, host: REGULATED_DEMO_HOST }),
    is_regulated: true,
    site: {
      name: REGULATED_DEMO_NAME,
      title: 'Aposta Certa | Apostas reguladas com PIX',
      description:
        'Aposta Certa: operador de demonstração no modo regulado brasileiro, com limites de perdas e de tempo, ' +
        'autoexclusão e jogos Sorte Originals comprováveis. Proibido para menores de 18 anos.',
      description_en:
        'Aposta Certa: a demonstration operator in Brazilian regulated mode, with loss and time limits, ' +
        'self-exclusion and provably fair Sorte Originals games. Forbidden for under-18s.',
      link: `http://${REGULATED_DEMO_HOST}:3000`,
    },
    siteTitle: 'Aposta Certa | Apostas reguladas com PIX',
    logo: '/static/regulado/logo.svg',
    logo_light: '/static/regulado/logo-light.svg',
    colors: {
      primary: '#2dd4bf',
      primary_text: '#042f2e',
      secondary: '#fb923c',
      secondary_text: '#2b1100',
      success: '#22c55e',
      warning: '#f59e0b',
      danger: '#f43f5e',
      info: '#60a5fa',
      dark: {
        background: '#07131f',
        surface: '#0e1f30',
        surface_alt: '#152a40',
        text: '#ecf4fb',
        text_muted: '#93a8bd',
        border: '#21384f',
      },
      light: {
        background: '#f2f7f8',
        surface: '#ffffff',
        surface_alt: '#e3eef0',
        text: '#0a1a26',
        text_muted: '#4c6070',
        border: '#cfdde2',
      },
    },
    banners: [
      banner(
        'sorte-originals',
        0,
        'Sorte Originals: jogos comprovadamente justos',
        'Dados, cartas e um escudo verde: jogos com resultado verificável (provably fair) e RTP informado.',
        '/casino/games',
      ),
      banner(
        'pix',
        1,
        'Depósito e saque via PIX, somente no seu CPF',
        'Celular com o símbolo do PIX: depósitos e saques via PIX, somente de contas no seu próprio CPF.',
        '/account/wallet',
      ),
    ],
    images: {
      favicon: '/static/regulado/icon.svg',
      app_icon: '/static/regulado/icon.svg',
      og_image: null,
      background: null,
    },
    registerCPF: true,
    login_requires_cpf: true,
    cashback: false,
    reg_license:
      'DEMONSTRAÇÃO: Aposta Certa Ltda., CNPJ 00.000.000/0002-00 (demonstração). Texto ilustrativo no formato ' +
      '"Autorizado pela SPA/MF, Portaria SPA/MF nº 0.000/2025"; este site não possui autorização real.',
    reg_license_en:
      'DEMONSTRATION: Aposta Certa Ltda., CNPJ 00.000.000/0002-00 (demonstration). Illustrative text in the format ' +
      '"Authorized by SPA/MF, SPA/MF Ordinance No. 0.000/2025"; this site holds no real authorization.',
    reg_alert: {
      pt: 'Apostas são proibidas para menores de 18 anos. Jogar pode causar dependência e perdas financeiras. Defina limites e jogue com responsabilidade. Precisa de ajuda? Ligue 188 (CVV).',
      en: 'Betting is forbidden for under-18s. Gambling can be addictive and cause financial losses. Set limits and play responsibly. Need help? In Brazil, call 188 (CVV).',
    },
    timezone: 'America/Sao_Paulo',
    default_locale: 'pt',
  };
}

/**
 * Beside the demo tenant (once it exists on localhost), the regulated demo tenant on regulado.localhost, which
 * browsers resolve to this machine: a person sees both modes from `npm start`. Nothing happens when that host
 * already serves a tenant.
 */
export async function seedRegulatedDemoTenant(db: Db): Promise<number | null> {
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('lock table tenants in exclusive mode');
    if (!(await tenants.findTenantByHost(tx, 'localhost'))) return null;
    if (await tenants.findTenantByHost(tx, REGULATED_DEMO_HOST)) return null;
    const id = await tenants.insertTenant(tx, {
      name: REGULATED_DEMO_NAME,
      settings: TenantSettings.parse(regulatedDemoSettings()),
    });
    await tenants.insertHost(tx, id, REGULATED_DEMO_HOST, true);
    // The demo's legal pages under this operator's own name.
    for (const p of loadDemoPages())
      await tenants.upsertPage(tx, {
        tenantId: id,
        ...p,
        title: p.title.replaceAll('Sorte Demo', REGULATED_DEMO_NAME),
        body: p.body.replaceAll('Sorte Demo', REGULATED_DEMO_NAME),
      });
    return id;
  });
}
