-- Boxes as rewards. A mission may reward one box (instead of cash or a bonus offer): exactly one reward stays the
-- rule. A VIP level may reward a box too, granted in the level-up's transaction; the level-up row keeps the box it
-- gave, or why the boxes module refused (a retired box), so a refusal never holds back the stake's count.
-- A personal notification of a granted box carries the box (the notification modal's user_box).

alter table missions_definitions add column reward_box_id bigint check (reward_box_id > 0);
-- The reward check was the table's first unnamed one; it now admits one of three.
alter table missions_definitions drop constraint missions_definitions_check;
alter table missions_definitions add constraint missions_definitions_one_reward
  check (num_nonnulls(reward_cash, reward_offer_id, reward_box_id) = 1);

alter table vip_levels add column reward_box_id bigint check (reward_box_id > 0);
alter table vip_level_ups add column reward_box_id bigint;
alter table vip_level_ups add column user_box_id bigint;
alter table vip_level_ups add column box_refused text;

alter table notifications add column user_box jsonb;
