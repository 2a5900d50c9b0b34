import type { ErrorBody, Locale } from '@sorte/contracts';
import { type MessageKey, message } from './i18n';

/** One table from error code to HTTP status: the only place a status is chosen for an error. */
export const ERROR_STATUS = {
  bad_request: 400,
  invalid_body: 400,
  invalid_host: 400,
  invalid_domain: 400,
  unauthorized: 401,
  maintenance: 402,
  insufficient_funds: 402,
  forbidden: 403,
  // The back office: a sensitive staff action needs a fresh TOTP code (step-up) first.
  step_up_required: 403,
  not_found: 404,
  route_not_found: 404,
  tenant_not_found: 404,
  page_not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  validation: 422,
  // Responsible gaming: a deposit or bet refused by the player's limits or by a stop on the account.
  limit_deposit: 422,
  limit_loss: 422,
  limit_wager: 422,
  limit_time: 422,
  rg_limits_required: 422,
  rg_paused: 403,
  rg_self_excluded: 403,
  rg_closed: 403,
  rg_national_list: 403,
  // Cashback: a claim before its window opens, or after every claim was taken.
  cashback_not_available: 422,
  cashback_claimed: 422,
  // Bonuses and coupons: why a coupon cannot be used, a regulated tenant's refusal, a withdrawal while a bonus is active.
  coupon_unknown: 422,
  coupon_expired: 422,
  coupon_used_up: 422,
  coupon_already_used: 422,
  coupon_not_eligible: 422,
  coupon_min_deposit: 422,
  bonus_regulated: 422,
  bonus_active: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const satisfies Record<MessageKey, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export type Localized = string | Record<Locale, string>;

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly detail?: Localized,
    readonly fields?: Record<string, Localized[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(typeof detail === 'string' ? detail : (detail?.pt ?? code));
    this.status = ERROR_STATUS[code];
  }

  toBody(locale: Locale): ErrorBody {
    const pick = (m: Localized) => (typeof m === 'string' ? m : m[locale]);
    const body: ErrorBody = { message: this.detail ? pick(this.detail) : message(locale, this.code), code: this.code };
    if (this.fields) {
      body.errors = Object.fromEntries(Object.entries(this.fields).map(([k, v]) => [k, v.map(pick)]));
    }
    return body;
  }
}

export function errorBody(code: ErrorCode, locale: Locale): ErrorBody {
  return { message: message(locale, code), code };
}
