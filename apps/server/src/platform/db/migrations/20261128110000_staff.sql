-- Back-office staff: accounts per tenant (tenant_id set) or for the whole platform (tenant_id null), their
-- single-use backup codes and their sessions, which are apart from the players' (a player's token never opens the
-- back office, and a staff cookie is no player session).
CREATE TABLE staff_users (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id bigint REFERENCES tenants(id),
    email text NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
    password_hash text NOT NULL,
    role text NOT NULL CHECK (role IN ('owner', 'admin', 'finance', 'kyc', 'risk', 'support', 'marketing', 'trader', 'auditor')),
    -- AES-256-GCM under the platform key staff_totp: a copy of this table alone does not give the codes away.
    totp_secret text NOT NULL,
    -- The last TOTP time step accepted: a code is taken only for a later step (compare-and-set), so none is used twice.
    totp_last_step bigint NOT NULL DEFAULT 0,
    disabled_at timestamp with time zone,
    created_at timestamp with time zone NOT NULL DEFAULT now()
);
-- One account per e-mail in a tenant, and one among the platform staff.
CREATE UNIQUE INDEX staff_users_email ON staff_users (coalesce(tenant_id, 0), email);

CREATE TABLE staff_backup_codes (
    staff_id bigint NOT NULL REFERENCES staff_users(id),
    code_hash text NOT NULL CHECK (code_hash ~ '^[0-9a-f]{64}$'),
    used_at timestamp with time zone,
    PRIMARY KEY (staff_id, code_hash)
);

CREATE TABLE staff_sessions (
    -- A random public id (the sessions list and its revoke name it); the cookie's token is only stored hashed.
    id text PRIMARY KEY,
    token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
    staff_id bigint NOT NULL REFERENCES staff_users(id),
    csrf_token text NOT NULL,
    created_at timestamp with time zone NOT NULL DEFAULT now(),
    last_seen_at timestamp with time zone NOT NULL DEFAULT now(),
    -- Idle end, pushed forward by each call, never past expires_at (the absolute end).
    idle_expires_at timestamp with time zone NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    revoked_at timestamp with time zone,
    step_up_at timestamp with time zone,
    ip text,
    user_agent text
);
CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id, created_at DESC);
