-- A VIP level may also reward a bonus offer (promotions' no-deposit credit or free spins), granted once per player,
-- season and level. The level-up row records it; the grant happens after the level-up commits (promotions owns the
-- bonus), so the row also says whether it was granted, and why not when promotions refused it.
alter table vip_levels add column reward_offer_id bigint;
alter table vip_level_ups add column reward_offer_id bigint;
alter table vip_level_ups add column offer_bonus_id bigint;
alter table vip_level_ups add column offer_refused text;
create index vip_level_ups_offer_due on vip_level_ups (reached_at)
  where reward_offer_id is not null and offer_bonus_id is null and offer_refused is null;
