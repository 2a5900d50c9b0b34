-- The back office's catalog pages a tenant's games in lobby order (position, then id) and the sportsbook desk pages
-- a tenant's events by kick-off in any status, both with keyset cursors.
create index games_tenant_position on games (tenant_id, sort, id);
create index sports_events_tenant_kickoff on sports_events (tenant_id, starts_at, id);
