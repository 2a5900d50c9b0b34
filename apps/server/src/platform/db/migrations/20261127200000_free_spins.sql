-- Free spins (modules/promotions). An offer says how many spins, on which game and at what stake per spin; a
-- player's free-spins bonus counts the spins played and grows by each spin's win (its `amount`) until the spins are
-- used up, then wagers like any other bonus. A reward granted by another module (missions, VIP, referrals) is
-- identified by its idempotency key alone: the same offer may reward one player more than once.
alter table promo_offers add column free_spins_bet bigint check (free_spins_bet > 0);
update promo_offers set free_spins_bet = 50 where kind = 'free_spins' and free_spins_bet is null;
alter table promo_offers add constraint promo_offers_free_spins_bet check (kind <> 'free_spins' or free_spins_bet is not null);

alter table promo_bonuses drop constraint promo_bonuses_amount_check;
alter table promo_bonuses add constraint promo_bonuses_amount_check check (amount >= 0);
alter table promo_bonuses drop constraint promo_bonuses_source_check;
alter table promo_bonuses add constraint promo_bonuses_source_check
  check (source in ('coupon', 'deposit', 'ops', 'reward'));
alter table promo_bonuses drop constraint promo_bonuses_tenant_id_offer_id_user_id_key;
create unique index promo_bonuses_once_per_player on promo_bonuses (tenant_id, offer_id, user_id)
  where source <> 'reward';

-- The spins of a free-spins bonus (null for the other kinds). The provider's campaign is `fs-<bonus id>`; its state
-- says what the provider was last told: pending (to create), live, closing (to cancel), closed.
alter table promo_bonuses add column free_spins integer check (free_spins between 1 and 1000),
  add column free_spins_used integer not null default 0,
  add column free_spins_campaign text check (free_spins_campaign in ('pending', 'live', 'closing', 'closed')),
  add constraint promo_bonuses_free_spins_used check (free_spins is null or free_spins_used between 0 and free_spins);
create index promo_bonuses_campaign_due on promo_bonuses (free_spins_campaign)
  where free_spins_campaign in ('pending', 'closing');
