-- Accounts hardening.

-- Offers by e-mail and SMS are opt-in (LGPD): a new player starts with both off. Players who never touched the
-- switches had them on through the old default; that is written down as it was, so no existing player's effective
-- choice changes here.
update users set settings = '{"marketing_email": true, "marketing_sms": true}'::jsonb || settings
  where not (settings ? 'marketing_email' and settings ? 'marketing_sms');
alter table users alter column settings set default '{"marketing_email": false, "marketing_sms": false}'::jsonb;

-- A player's live game sessions, found at once when they log out, reset the password or exclude themselves.
create index game_sessions_user_live_idx on game_sessions (tenant_id, user_id, expires_at) where user_id is not null;
