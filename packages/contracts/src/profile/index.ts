import { z } from 'zod';
import { Address, PrivacySettings, SelfExclusionPeriod, UserReply } from '../auth';
import { checkedByHandler, Int, IsoTime, replies, reply } from '../http';
import { Centavos } from '../money';

/**
 * Profile calls. Their bodies go through the spec's field rules in the handler (first failing rule per field,
 * aliases such as `zipcode`/`cep` and booleans sent as "1"/"true"), so the contracts document the fields.
 */
const bool = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']), z.literal(0), z.literal(1)]);

export const profileCall = { response: replies({ 200: UserReply }) };

export const showProfileCall = {
  body: checkedByHandler(z.object({ user_id: z.union([Int, z.string()]).describe('The player id.') })),
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
  body: checkedByHandler(z.object({ hide_metrics: bool.optional().describe('None toggles.') })),
  response: replies({ 200: reply({ hide_metrics: z.boolean() }) }),
};

export const updateNameCall = {
  body: checkedByHandler(z.object({ name: z.string().describe('Full name') })),
  response: replies({ 200: UserReply }),
};

const Language = reply({ language: z.enum(['pt', 'en']) });
export const updateLanguageCall = {
  body: checkedByHandler(z.object({ language: z.string().describe('pt or en (pt-BR and en-US are read as such)') })),
  response: replies({ 200: Language }),
};
export const getLanguageCall = { response: replies({ 200: Language }) };

/** multipart/form-data with one file field `avatar` (at most 2 MB). */
export const uploadAvatarCall = {
  response: replies({ 200: reply({ avatar: z.string(), user: UserReply.shape.user }) }),
};

export const updateSettingsCall = {
  body: checkedByHandler(
    z
      .object({
        hide_name: bool.optional(),
        hide_from_ranking: bool.optional(),
        marketing_email: bool.optional(),
        marketing_sms: bool.optional(),
      })
      .describe('The switches, at the top level or under `settings`.'),
  ),
  response: replies({ 200: reply({ settings: PrivacySettings }) }),
};

export const saveAddressCall = {
  body: checkedByHandler(
    z.object({
      zip_code: z.string().describe('CEP, 8 digits with or without the dash (also read as zipcode or cep)'),
      street: z.string(),
      number: z.string(),
      complement: z.string().optional(),
      neighborhood: z.string(),
      city: z.string(),
      state: z.string().describe('UF, 2 letters'),
      country: z.string().optional().describe('2 letters; BR by default'),
    }),
  ),
  response: replies({ 200: reply({ address: Address.nullable() }) }),
};

export const selfExcludeCall = {
  body: checkedByHandler(
    z.object({
      value: z.union([Int, z.string()]).describe('Days (1 to the tenant maximum) or "custom"'),
      date: z.string().optional().describe('YYYY-MM-DD, with "custom": the last day excluded'),
    }),
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
