-- The back office's refer-a-friend list reads a tenant's newest referrals (every state, or one) in keyset pages;
-- its missions list counts each mission's players.
create index referrals_tenant_recent on referrals (tenant_id, id desc);
create index referrals_tenant_status on referrals (tenant_id, status, id desc);
create index missions_players_tenant_mission on missions_players (tenant_id, mission_id);
