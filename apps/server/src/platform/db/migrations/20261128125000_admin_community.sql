-- The back office's chat moderation reads a tenant's newest messages (every room, or one author's) in keyset
-- pages; notifications to a segment select players by VIP level or by a paid deposit in the last N days.
create index chat_messages_tenant_recent on chat_messages (tenant_id, id desc) where deleted_at is null;
create index chat_messages_tenant_author on chat_messages (tenant_id, user_id, id desc) where deleted_at is null;
create index users_tenant_vip_level on users (tenant_id, vip_level);
create index pix_charges_tenant_paid on pix_charges (tenant_id, paid_at) where paid_at is not null;
