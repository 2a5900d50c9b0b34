-- Refer a friend's device check reads a player's sessions by client address, revoked ones included (a logout
-- revokes): the only index on sessions by player covers live sessions alone.
CREATE INDEX sessions_user_ip ON sessions (tenant_id, user_id, ip);
