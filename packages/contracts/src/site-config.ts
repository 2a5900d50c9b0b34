import { z } from 'zod';
import { BANNER_AUDIENCES } from './banners';
import { Centavos } from './money';

// The text and banner helpers build no schema: the web's first screen imports them without zod.
export * from './banners';
export { inLocale, regLicense, siteDescription, siteTitleIn } from './site-text';

const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'expected a colour like #1a2b3c');
const url = z
  .string()
  .max(2048)
  .refine((v) => v.startsWith('/') || /^https?:\/\//.test(v), 'expected an absolute URL or a path starting with /');
const optionalUrl = url.nullable().default(null);
const shortText = (max: number) => z.string().trim().max(max);

export const Palette = z.object({
  background: hex,
  surface: hex,
  surface_alt: hex,
  text: hex,
  text_muted: hex,
  border: hex,
});

export const Colors = z.object({
  primary: hex,
  primary_text: hex,
  secondary: hex,
  secondary_text: hex,
  success: hex,
  warning: hex,
  danger: hex,
  info: hex,
  dark: Palette,
  light: Palette,
});
export type Colors = z.infer<typeof Colors>;

/**
 * A home banner. Like the legal pages it speaks both languages: `title`, `alt` and the images are the Portuguese
 * version, the `*_en` fields the English one; a banner without `title_en` is not shown on English pages (`locale`
 * 'pt' or 'en' pins it to one language instead). `audience` says who sees it; a self-excluded person sees none, and
 * the site shows a banner only while its link opens a page that exists (see banners.ts).
 */
export const Banner = z.object({
  id: z.string().min(1).max(64),
  title: shortText(120),
  alt: shortText(200),
  image: url,
  image_mobile: url.nullable().default(null),
  link: url.nullable().default(null),
  position: z.number().int().min(0).max(1000).default(0),
  locale: z.enum(['pt', 'en']).nullable().default(null),
  title_en: shortText(120).nullable().default(null),
  alt_en: shortText(200).nullable().default(null),
  /** English artwork; null when the image carries no words and serves both pages. */
  image_en: url.nullable().default(null),
  image_mobile_en: url.nullable().default(null),
  audience: z.enum(BANNER_AUDIENCES).default('everyone'),
});
export type Banner = z.infer<typeof Banner>;

const localized = z.object({ pt: shortText(300), en: shortText(300) });

/** The hour of a day, "HH:MM" 24 h, in the tenant's time zone. */
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected HH:MM');

/**
 * What an operator stores for a tenant (tenant:set edits this). Everything here is public: secrets (PSP
 * credentials, captcha secret ...) live in the tenant's separate secrets column and never reach this schema.
 */
export const TenantSettings = z
  .object({
    is_regulated: z.boolean().default(false),
    kyc: z.boolean().default(true),
    hasSports: z.boolean().default(false),
    hasBoxes: z.boolean().default(true),
    disable_18_popup: z.boolean().default(false),
    site: z.object({
      name: shortText(60).min(1),
      title: shortText(120).min(1),
      /** The spec's description, in Portuguese; every page without an English one shows it (see siteDescription). */
      description: shortText(300),
      /** The description for English pages; null (tenants made before it existed) falls back to `description`. */
      description_en: shortText(300).nullable().default(null),
      link: url,
    }),
    siteTitle: shortText(120).min(1),
    /** The site title on English pages (their tab's suffix too); null falls back to `siteTitle` (see siteTitleIn). */
    siteTitle_en: shortText(120).nullable().default(null),
    logo: url,
    /** The logo for the light colour mode; the main logo is drawn for dark backgrounds. */
    logo_light: optionalUrl,
    logo_sizes: z
      .object({ header: z.number().int().min(16).max(120), footer: z.number().int().min(16).max(120) })
      .default({ header: 40, footer: 30 }),
    colors: Colors,
    gtmId: z
      .string()
      .regex(/^GTM-[A-Z0-9]{4,12}$/, 'expected a tag manager id like GTM-ABC123')
      .nullable()
      .default(null),
    gtmSource: optionalUrl,
    html: z.string().max(20000).nullable().default(null),
    jivoChat: z
      .string()
      .regex(/^[A-Za-z0-9]{4,32}$/)
      .nullable()
      .default(null),
    chat_support: z.boolean().default(false),
    cpa_value: Centavos.default(0),
    affiliate_regular_user_active: z.boolean().default(false),
    /** Refer a friend: the friend's first deposit (centavos) that qualifies the CPA; not counted in regulated mode. */
    cpa_min_deposit: Centavos.default(0),
    /** Refer a friend: what the friend must wager (centavos, the ledger's total) to qualify the CPA. */
    cpa_min_wager: Centavos.default(0),
    /** Days a qualified CPA is held for review before it is paid (an operator may approve or reject earlier). */
    cpa_review_days: z.number().int().min(0).max(90).default(7),
    banners: z.array(Banner).max(20).default([]),
    googleClientId: z.string().max(200).nullable().default(null),
    turnstileSiteKey: z.string().max(200).nullable().default(null),
    casVerifyRegistrations: z.boolean().default(true),
    casAllowGoogleAuth: z.boolean().default(false),
    social: z
      .object({
        instagram: optionalUrl,
        telegram: optionalUrl,
        x: optionalUrl,
        facebook: optionalUrl,
        youtube: optionalUrl,
        tiktok: optionalUrl,
        whatsapp: optionalUrl,
      })
      .default({
        instagram: null,
        telegram: null,
        x: null,
        facebook: null,
        youtube: null,
        tiktok: null,
        whatsapp: null,
      }),
    betby: z
      .object({
        active: z.boolean(),
        brand_id: z.string().max(64).nullable(),
        theme_name: z.string().max(64).nullable(),
      })
      .default({ active: false, brand_id: null, theme_name: null }),
    images: z
      .object({
        favicon: optionalUrl,
        app_icon: optionalUrl,
        og_image: optionalUrl,
        background: optionalUrl,
      })
      .default({ favicon: null, app_icon: null, og_image: null, background: null }),
    icons: z.record(z.string().regex(/^[a-z0-9_-]{1,40}$/), url).default({}),
    min_deposit: Centavos.min(1),
    max_deposit: Centavos.min(1),
    min_withdrawal: Centavos.min(1),
    max_withdrawal: Centavos.min(1),
    deposit_popup_values: z.array(Centavos.min(1)).min(1).max(8),
    registerCPF: z.boolean().default(false),
    /** The spec's footer licence line, in Portuguese; pages without an English one show it (see regLicense). */
    reg_license: shortText(300).nullable().default(null),
    /** The licence line for English pages; null (tenants made before it existed) falls back to `reg_license`. */
    reg_license_en: shortText(300).nullable().default(null),
    reg_phone: shortText(40).nullable().default(null),
    reg_alert: localized.nullable().default(null),
    /** What the maintenance page and the API's 402 say while the tenant is inactive; null: the standard text. */
    maintenance_message: localized.nullable().default(null),
    login_requires_cpf: z.boolean().default(false),
    login_requires_phone: z.boolean().default(true),
    login_requires_email: z.boolean().default(true),
    cashback: z.boolean().default(false),
    /** ISO weekday the weekly cashback is released on: 1 = Monday ... 7 = Sunday. */
    cashback_release_day: z.number().int().min(1).max(7).default(1),
    cashback_release_hour: clock.default('12:01'),
    /** Share of net losses returned as cashback, in percent (0-100, two decimals). */
    cashback_conversion_percentage: z.number().min(0).max(100).default(0),
    /** How an entry is claimed: in three parts at the daily windows (calendar) or at once when released (immediate). */
    cashback_type: z.enum(['calendar', 'immediate']).default('calendar'),
    timezone: z
      .string()
      .refine((tz) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      }, 'unknown IANA time zone')
      .default('America/Sao_Paulo'),
    api_base_url: z
      .string()
      .max(300)
      .refine((v) => v.startsWith('/') || /^https?:\/\//.test(v), 'expected /api or an absolute URL')
      .default('/api'),
    default_locale: z.enum(['pt', 'en']).default('pt'),
    /** Minimum a player must have wagered (centavos, the ledger's total) before posting in the chat; 0 = no rule. */
    chat_min_wager: Centavos.default(0),
    /** The spec's fictitious bet generator in the live feed. Off by default; never allowed in regulated mode. */
    feed_simulation: z.boolean().default(false),
    /**
     * Sorte Originals multiplayer games (Crash, Double). They run for a regulated tenant only when the operator
     * turns on `regulated_opt_in`. The players of one round may win at most `max_profit_bps` / 10000 of `bankroll`.
     */
    originals_multiplayer: z
      .object({
        regulated_opt_in: z.boolean().default(false),
        bankroll: Centavos.min(1).default(100_000_000),
        max_profit_bps: z.number().int().min(1).max(10_000).default(300),
      })
      .default({ regulated_opt_in: false, bankroll: 100_000_000, max_profit_bps: 300 }),
  })
  .superRefine((s, ctx) => {
    if (s.min_deposit > s.max_deposit)
      ctx.addIssue({ code: 'custom', path: ['min_deposit'], message: 'min_deposit must not exceed max_deposit' });
    if (s.min_withdrawal > s.max_withdrawal)
      ctx.addIssue({
        code: 'custom',
        path: ['min_withdrawal'],
        message: 'min_withdrawal must not exceed max_withdrawal',
      });
    s.deposit_popup_values.forEach((v, i) => {
      if (v < s.min_deposit || v > s.max_deposit)
        ctx.addIssue({
          code: 'custom',
          path: ['deposit_popup_values', i],
          message: 'each deposit popup value must lie between min_deposit and max_deposit',
        });
    });
    if (s.is_regulated && s.feed_simulation)
      ctx.addIssue({
        code: 'custom',
        path: ['feed_simulation'],
        message: 'feed_simulation is not allowed for a regulated tenant (players must not be misled)',
      });
    if (s.is_regulated && s.betby.active && !s.betby.brand_id)
      ctx.addIssue({ code: 'custom', path: ['betby', 'brand_id'], message: 'betby.active needs a brand_id' });
  });
export type TenantSettings = z.infer<typeof TenantSettings>;
export type TenantSettingsInput = z.input<typeof TenantSettings>;

/** GET /api/site-config: every field of spec section 3 plus what the client needs to start. */
export type PublicSiteConfig = TenantSettings & {
  casino_id: number;
  active: boolean;
  /** Changes whenever the operator changes the tenant: clients and caches key on it. */
  version: string;
  main_domain: { subdomain: string; host: string };
  /** Where the Pusher-protocol client connects: host/port/tls null = the page's own origin. */
  realtime: RealtimeSettings;
};

export type RealtimeSettings = {
  key: string;
  host: string | null;
  port: number | null;
  tls: boolean | null;
  /** The public chat room (channels chat.{room} and presence-chat.{room}). */
  room: string;
};
