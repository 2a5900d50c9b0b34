import { z } from 'zod';
import { Address, PrivacySettings, SelfExclusionPeriod, UserReply } from '../auth';
import { FIELD_MESSAGES, type FieldMessage, splitName, todayIn } from '../field-rules';
import {
  asForm,
  FORM_MESSAGES,
  type FormBody,
  fieldRulesForm,
  flagOf,
  isBlank,
  isCalendarDate,
  rules as r,
  tenantRulesForm,
  textOf,
} from '../forms';
import { Int, IsoTime, localized, replies, reply, specForm } from '../http';
import { Centavos } from '../money';

/**
 * Profile calls. Their bodies are checked by the spec's field rules (first failing rule per field, aliases such as
 * `zipcode`/`cep`, switches sent as "1"/"true") and read into what the handler takes.
 */
const bool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0']), z.literal(0), z.literal(1)])
  .transform((v) => flagOf(v) === true);

export const profileCall = { response: replies({ 200: UserReply }) };

export const showProfileCall = {
  body: fieldRulesForm(
    z.object({ user_id: z.union([Int, z.string()]).describe('The player id.').transform(Number) }),
    { user_id: [r.required, r.check((v) => /^\d{1,15}$/.test(String(v).trim()), FORM_MESSAGES.invalid)] },
    (b) => ({ user_id: Number(String(b.user_id).trim()) }),
  ),
  response: replies({
    200: reply({
      id: Int,
      name: z.string().describe('First name and initial, or masked when the player hides it.'),
      avatar: z.string().nullable(),
      level: Int,
      hide_metrics: z.boolean(),
      metrics: reply({
        totalBet: Centavos,
        vip: reply({ level: Int, points: Int }),
        member_since: IsoTime,
      }).nullable(),
    }),
  }),
};

export const toggleHideMetricsCall = {
  body: fieldRulesForm(
    z.object({ hide_metrics: bool.optional().describe('None toggles.') }),
    { hide_metrics: [r.flag] },
    (b) => ({ hide_metrics: b.hide_metrics === undefined ? undefined : (flagOf(b.hide_metrics) as boolean) }),
  ),
  response: replies({ 200: reply({ hide_metrics: z.boolean() }) }),
};

export const updateNameCall = {
  body: fieldRulesForm(
    z.object({ name: z.string().describe('Full name').transform(splitName) }),
    { name: [r.required, r.fullName] },
    (b) => ({ name: splitName(b.name as string) }),
  ),
  response: replies({ 200: UserReply }),
};

const Language = reply({ language: z.enum(['pt', 'en']) });
/** "pt-BR" reads as pt, "en-US" as en. */
const languageOf = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase().slice(0, 2) : '');
export const updateLanguageCall = {
  body: fieldRulesForm(
    z.object({
      language: z
        .string()
        .describe('pt or en (pt-BR and en-US are read as such)')
        .transform((l) => languageOf(l) as 'pt' | 'en'),
    }),
    {
      language: [
        r.check((v) => languageOf(v) !== '', FIELD_MESSAGES.required),
        r.check((v) => languageOf(v) === 'pt' || languageOf(v) === 'en', FORM_MESSAGES.language),
      ],
    },
    (b) => ({ language: languageOf(b.language) as 'pt' | 'en' }),
  ),
  response: replies({ 200: Language }),
};
export const getLanguageCall = { response: replies({ 200: Language }) };

/** multipart/form-data with one file field `avatar` (at most 2 MB). */
export const uploadAvatarCall = {
  response: replies({ 200: reply({ avatar: z.string(), user: UserReply.shape.user }) }),
};

const SWITCHES = ['hide_name', 'hide_from_ranking', 'marketing_email', 'marketing_sms'] as const;
const Switches = z
  .object({
    hide_name: bool.optional(),
    hide_from_ranking: bool.optional(),
    marketing_email: bool.optional(),
    marketing_sms: bool.optional(),
  })
  .describe('The switches, at the top level or under `settings`.');
/** Any field but the switches is refused by name; then each switch must be one. Absent switches stay as they are. */
export const updateSettingsCall = {
  body: specForm(
    Switches,
    z.unknown().transform((data, ctx) => {
      const b = asForm(data);
      const source = b.settings && typeof b.settings === 'object' ? asForm(b.settings) : b;
      const unknown = Object.keys(source).filter((k) => !(SWITCHES as readonly string[]).includes(k));
      const issue = (k: string, m: FieldMessage) => ctx.addIssue({ code: 'custom', path: [k], message: localized(m) });
      for (const k of unknown) issue(k, FORM_MESSAGES.invalid);
      if (unknown.length) return z.NEVER;
      const patch: Partial<Record<(typeof SWITCHES)[number], boolean>> = {};
      for (const k of SWITCHES) {
        if (source[k] === undefined) continue;
        const v = flagOf(source[k]);
        if (v === null) issue(k, FORM_MESSAGES.boolean);
        else patch[k] = v;
      }
      return patch;
    }),
  ),
  response: replies({ 200: reply({ settings: PrivacySettings }) }),
};

/** The CEP as sent under any of its names (zip_code, or zipcode / cep when zip_code is not text). */
const zipOf = (b: FormBody) => (typeof b.zip_code === 'string' ? b.zip_code : (b.zipcode ?? b.cep));
const withZip = (rules: ReturnType<typeof r.check>[]) =>
  rules.map((rule) => (_v: unknown, b: FormBody) => rule(zipOf(b), b));
const trimmed = (v: unknown) => String(v).trim();
export const saveAddressCall = {
  body: fieldRulesForm(
    z.object({
      zip_code: z.string().describe('CEP, 8 digits with or without the dash (also read as zipcode or cep)'),
      street: z.string(),
      number: z.string(),
      complement: z
        .string()
        .nullable()
        .optional()
        .transform((c) => c ?? null),
      neighborhood: z.string(),
      city: z.string(),
      state: z.string().describe('UF, 2 letters'),
      country: z
        .string()
        .optional()
        .describe('2 letters; BR by default')
        .transform((c) => c ?? 'BR'),
    }),
    {
      zip_code: withZip([
        r.check((v) => !isBlank(v), FIELD_MESSAGES.required),
        r.check((v) => typeof v === 'string' && /^\d{5}-?\d{3}$/.test(v.trim()), {
          pt: 'CEP inválido.',
          en: 'Invalid postal code.',
        }),
      ]),
      street: [r.required, r.maxLength(200)],
      number: [r.required, r.maxLength(20)],
      complement: [r.optional(r.maxLength(100))],
      neighborhood: [r.required, r.maxLength(100)],
      city: [r.required, r.maxLength(100)],
      state: [
        r.required,
        r.pattern(/^[A-Za-z]{2}$/, { pt: 'Informe a UF com 2 letras.', en: 'Use the 2-letter state code.' }),
      ],
      country: [r.optional(r.pattern(/^[A-Za-z]{2}$/))],
    },
    (b) => ({
      zip_code: trimmed(zipOf(b)).replace('-', ''),
      street: trimmed(b.street),
      number: trimmed(b.number),
      complement: isBlank(b.complement) ? null : trimmed(b.complement),
      neighborhood: trimmed(b.neighborhood),
      city: trimmed(b.city),
      state: trimmed(b.state).toUpperCase(),
      country: isBlank(b.country) ? 'BR' : trimmed(b.country).toUpperCase(),
    }),
  ),
  response: replies({ 200: reply({ address: Address.nullable() }) }),
};

/** The longest self-exclusion in days (ten years). */
export const SELF_EXCLUSION_MAX_DAYS = 3650;
const PERIOD = { pt: 'Escolha um período válido.', en: 'Choose a valid period.' };
const isDays = (v: unknown) => typeof v === 'number' || (typeof v === 'string' && /^\d{1,4}$/.test(v.trim()));
/**
 * A number of days, or "custom" with the last day excluded: after today and at most ten years ahead, in the
 * tenant's time zone (so the rules are the tenant's).
 */
export const selfExcludeCall = {
  body: tenantRulesForm(
    z.object({
      value: z
        .union([Int, z.string()])
        .describe(`Days (1 to ${SELF_EXCLUSION_MAX_DAYS}) or "custom"`)
        .transform((v) => String(v)),
      date: z.string().optional().describe('YYYY-MM-DD, with "custom": the last day excluded'),
    }),
    ({ settings }) => ({
      value: [
        r.required,
        r.check((v) => (isDays(v) && Number(v) >= 1 && Number(v) <= SELF_EXCLUSION_MAX_DAYS) || v === 'custom', PERIOD),
      ],
      date: [
        r.when(
          (b) => b.value === 'custom',
          r.required,
          r.check((v) => {
            const today = todayIn(settings.timezone);
            return isCalendarDate(v) && v > today && v <= `${Number(today.slice(0, 4)) + 10}${today.slice(4)}`;
          }, FORM_MESSAGES.date),
        ),
      ],
    }),
    (b) => ({ value: textOf(b.value), date: typeof b.date === 'string' ? b.date : undefined }),
  ),
  response: replies({
    200: reply({ selfExcluded: SelfExclusionPeriod.nullable(), logged_out: z.literal(true) }),
  }),
};
export const removeSelfExclusionCall = {
  response: replies({ 200: reply({ selfExcluded: z.null() }) }),
};

/** GET /api/geoip: the country a CDN in front detected, Brazil otherwise (a display hint only). */
export const geoipCall = {
  response: replies({ 200: reply({ countryCode: z.string(), callingCode: z.string() }) }),
};
