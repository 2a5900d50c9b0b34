-- When the player was told an entry became claimable (the cashback release notice). Entries released before this
-- column existed count as told: a player is not woken by weeks-old cashback.
alter table cashback_entries add column released_at timestamptz;
update cashback_entries set released_at = available_at where available_at <= now();
create index cashback_entries_unreleased on cashback_entries (available_at) where released_at is null;
