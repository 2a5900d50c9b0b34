-- Bonuses and coupons (modules/promotions owns these tables). The constraints carry the money rules: one active
-- bonus per player (partial unique index), an offer granted once per player (and once per CPF when the offer says
-- so), one grant per idempotency key, a coupon used once per player and never past its total uses.

-- An offer the tenant defines. Amounts in centavos; percentages as numbers (100 = 100%).
create table promo_offers (
  id bigint generated always as identity primary key,
  tenant_id bigint not null,
  kind text not null check (kind in ('deposit_match', 'no_deposit', 'free_spins')),
  name_pt text not null check (length(name_pt) between 1 and 120),
  name_en text not null check (length(name_en) between 1 and 120),
  terms_pt text not null default '' check (length(terms_pt) <= 2000),
  terms_en text not null default '' check (length(terms_en) <= 2000),
  percent numeric(6, 2) check (percent > 0 and percent <= 1000),
  max_bonus bigint check (max_bonus > 0),
  amount bigint check (amount > 0),
  free_spins integer check (free_spins between 1 and 1000),
  free_spins_game text,
  min_deposit bigint check (min_deposit > 0),
  wagering numeric(6, 2) not null default 0 check (wagering >= 0 and wagering <= 200),
  wagering_base text not null default 'bonus' check (wagering_base in ('bonus', 'bonus_deposit')),
  max_bet bigint check (max_bet > 0),
  days integer not null default 30 check (days between 1 and 365),
  max_conversion bigint check (max_conversion > 0),
  -- Percent of a stake that counts per game category: {"slots":100,"table":15,"live":10,"originals":100,"other":50}.
  contributions jsonb not null,
  excluded_game_ids bigint[] not null default '{}',
  new_players_only boolean not null default false,
  once_per_cpf boolean not null default false,
  budget_amount bigint check (budget_amount > 0),
  budget_count integer check (budget_count > 0),
  granted_amount bigint not null default 0,
  granted_count integer not null default 0,
  starts_at timestamptz,
  ends_at timestamptz,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  unique (tenant_id, id),
  check (kind <> 'deposit_match' or (percent is not null and max_bonus is not null)),
  check (kind <> 'no_deposit' or amount is not null),
  check (kind <> 'free_spins' or (free_spins is not null and free_spins_game is not null)),
  check (ends_at is null or starts_at is null or ends_at > starts_at),
  check (budget_amount is null or granted_amount <= budget_amount),
  check (budget_count is null or granted_count <= budget_count)
);
create index promo_offers_tenant on promo_offers (tenant_id, active);

-- A player's bonus. The money is in the player's bonus ledger account only while the bonus is active.
create table promo_bonuses (
  id bigint generated always as identity primary key,
  tenant_id bigint not null,
  user_id bigint not null,
  offer_id bigint not null,
  state text not null default 'available'
    check (state in ('available', 'active', 'completed', 'expired', 'cancelled', 'forfeited')),
  amount bigint not null check (amount > 0),
  deposit_amount bigint not null default 0 check (deposit_amount >= 0),
  wagering_required bigint not null check (wagering_required >= 0),
  wagering_done bigint not null default 0 check (wagering_done >= 0),
  converted bigint not null default 0 check (converted >= 0),
  -- Where it came from: a coupon redeemed, a deposit with a coupon, an operator grant.
  source text not null check (source in ('coupon', 'deposit', 'ops')),
  source_ref text not null,
  cpf text,
  idempotency_key text not null check (length(idempotency_key) between 1 and 200),
  end_reason text,
  created_at timestamptz not null default now(),
  activated_at timestamptz,
  expires_at timestamptz,
  ended_at timestamptz,
  foreign key (tenant_id, offer_id) references promo_offers (tenant_id, id),
  unique (tenant_id, idempotency_key),
  unique (tenant_id, offer_id, user_id),
  check ((state = 'active') = (activated_at is not null and ended_at is null))
);
create unique index promo_bonuses_one_active on promo_bonuses (tenant_id, user_id) where state = 'active';
create unique index promo_bonuses_once_per_cpf on promo_bonuses (tenant_id, offer_id, cpf) where cpf is not null;
create index promo_bonuses_player on promo_bonuses (tenant_id, user_id, id desc);
create index promo_bonuses_expiring on promo_bonuses (expires_at) where state = 'active';

-- Each settled stake counted towards a bonus's wagering, once per event (the bus delivers at least once).
create table promo_wagers (
  tenant_id bigint not null,
  event_key text not null,
  bonus_id bigint not null references promo_bonuses (id),
  stake bigint not null,
  counted bigint not null,
  created_at timestamptz not null default now(),
  primary key (tenant_id, event_key)
);

-- A coupon code (stored upper-case), linked to an offer.
create table promo_coupons (
  id bigint generated always as identity primary key,
  tenant_id bigint not null,
  code text not null check (code ~ '^[A-Z0-9_-]{3,40}$'),
  offer_id bigint not null,
  max_uses integer check (max_uses > 0),
  uses integer not null default 0,
  starts_at timestamptz,
  ends_at timestamptz,
  listed boolean not null default true,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  foreign key (tenant_id, offer_id) references promo_offers (tenant_id, id),
  unique (tenant_id, code),
  check (max_uses is null or uses <= max_uses),
  check (uses >= 0)
);

-- A player's use of a coupon: one per player and coupon.
create table promo_coupon_redemptions (
  id bigint generated always as identity primary key,
  tenant_id bigint not null,
  coupon_id bigint not null references promo_coupons (id),
  user_id bigint not null,
  bonus_id bigint references promo_bonuses (id),
  txid text,
  created_at timestamptz not null default now(),
  unique (tenant_id, coupon_id, user_id)
);

-- A deposit-match coupon waiting for its PIX charge to be paid (keyed by the charge's txid).
create table promo_charge_coupons (
  tenant_id bigint not null,
  txid text not null,
  user_id bigint not null,
  coupon_id bigint not null references promo_coupons (id),
  amount bigint not null check (amount > 0),
  outcome text check (outcome in ('granted', 'refused')),
  outcome_reason text,
  bonus_id bigint references promo_bonuses (id),
  created_at timestamptz not null default now(),
  primary key (tenant_id, txid)
);
