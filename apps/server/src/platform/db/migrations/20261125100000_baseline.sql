-- Baseline: the whole schema as the first migrations left it, squashed into one file before anyone deployed.
-- Stored functions and the triggers that call them are not here: each lives in its own file under functions/,
-- applied after the migrations whenever its text changes (docs/operations.md). From here on migrations are
-- append-only: one new file per change, never an edit of an applied one.
--
-- The hot tables (ledger, casino rounds and provider transactions, Originals bets) keep their single-column rules
-- as domains and carry no foreign keys to tenants and players: those rows are never deleted (a trigger refuses it),
-- and every write to a hot table is cheaper without the checks.

-- Domains: the single-column rules of the hot tables, parsed once per connection instead of on every write.

CREATE DOMAIN sorte_account_kind AS text
	CONSTRAINT sorte_account_kind_check CHECK ((VALUE = ANY (ARRAY['cash'::text, 'bonus'::text, 'pending'::text, 'house'::text, 'psp_clearing'::text, 'promotions'::text, 'payouts'::text])));

CREATE DOMAIN sorte_centavos AS bigint
	CONSTRAINT sorte_centavos_check CHECK ((VALUE >= 0));

CREATE DOMAIN sorte_client_seed AS text
	CONSTRAINT sorte_client_seed_check CHECK (((length(VALUE) >= 1) AND (length(VALUE) <= 64)));

CREATE DOMAIN sorte_cpf AS text
	CONSTRAINT sorte_cpf_check CHECK ((VALUE ~ '^[0-9]{11}$'::text));

CREATE DOMAIN sorte_email AS text
	CONSTRAINT sorte_email_check CHECK (((VALUE = lower(VALUE)) AND ((length(VALUE) >= 3) AND (length(VALUE) <= 254))));

CREATE DOMAIN sorte_hex64 AS text
	CONSTRAINT sorte_hex64_check CHECK ((VALUE ~ '^[0-9a-f]{64}$'::text));

CREATE DOMAIN sorte_language AS text
	CONSTRAINT sorte_language_check CHECK ((VALUE = ANY (ARRAY['pt'::text, 'en'::text])));

CREATE DOMAIN sorte_ledger_type AS text
	CONSTRAINT sorte_ledger_type_check CHECK ((VALUE = ANY (ARRAY['deposit'::text, 'withdraw'::text, 'bonus'::text, 'rollover'::text, 'win'::text, 'bet'::text, 'refund'::text, 'box'::text, 'prize'::text, 'cashback'::text, 'reversal'::text, 'adjustment'::text])));

CREATE DOMAIN sorte_name AS text
	CONSTRAINT sorte_name_check CHECK (((length(VALUE) >= 1) AND (length(VALUE) <= 100)));

CREATE DOMAIN sorte_nonnegative AS bigint
	CONSTRAINT sorte_nonnegative_check CHECK ((VALUE >= 0));

CREATE DOMAIN sorte_nonzero_centavos AS bigint
	CONSTRAINT sorte_nonzero_centavos_check CHECK ((VALUE <> 0));

CREATE DOMAIN sorte_originals_bet_status AS text
	CONSTRAINT sorte_originals_bet_status_check CHECK ((VALUE = ANY (ARRAY['open'::text, 'settled'::text])));

CREATE DOMAIN sorte_originals_game AS text
	CONSTRAINT sorte_originals_game_check CHECK ((VALUE = ANY (ARRAY['dice'::text, 'limbo'::text, 'mines'::text, 'plinko'::text, 'keno'::text, 'slot'::text])));

CREATE DOMAIN sorte_phone AS text
	CONSTRAINT sorte_phone_check CHECK ((VALUE ~ '^\+55[1-9][0-9]9[0-9]{8}$'::text));

CREATE DOMAIN sorte_positive_centavos AS bigint
	CONSTRAINT sorte_positive_centavos_check CHECK ((VALUE > 0));

CREATE DOMAIN sorte_provider_tx_kind AS text
	CONSTRAINT sorte_provider_tx_kind_check CHECK ((VALUE = ANY (ARRAY['bet'::text, 'win'::text, 'rollback'::text])));

CREATE DOMAIN sorte_provider_tx_status AS text
	CONSTRAINT sorte_provider_tx_status_check CHECK ((VALUE = ANY (ARRAY['ok'::text, 'refused'::text, 'rolled_back'::text, 'tombstone'::text])));

CREATE DOMAIN sorte_round_status AS text
	CONSTRAINT sorte_round_status_check CHECK ((VALUE = ANY (ARRAY['open'::text, 'closed'::text, 'rolled_back'::text])));

CREATE DOMAIN sorte_text_100 AS text
	CONSTRAINT sorte_text_100_check CHECK (((length(VALUE) >= 1) AND (length(VALUE) <= 100)));

CREATE DOMAIN sorte_text_200 AS text
	CONSTRAINT sorte_text_200_check CHECK (((length(VALUE) >= 1) AND (length(VALUE) <= 200)));

-- tenancy

CREATE TABLE tenants (
    id bigint NOT NULL,
    name text NOT NULL,
    active boolean DEFAULT true NOT NULL,
    settings jsonb NOT NULL,
    secrets jsonb DEFAULT '{}'::jsonb NOT NULL,
    revision integer DEFAULT 1 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT tenants_name_check CHECK (((length(name) >= 1) AND (length(name) <= 100)))
);

ALTER TABLE tenants ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME tenants_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY tenants
    ADD CONSTRAINT tenants_pkey PRIMARY KEY (id);

CREATE TABLE tenant_hosts (
    host text NOT NULL,
    tenant_id bigint NOT NULL,
    is_primary boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT tenant_hosts_host_check CHECK (((host = lower(host)) AND (host ~ '^[a-z0-9.-]{1,253}$|^\[[0-9a-f:.]{2,45}\]$'::text)))
);

ALTER TABLE ONLY tenant_hosts
    ADD CONSTRAINT tenant_hosts_pkey PRIMARY KEY (host);

CREATE UNIQUE INDEX tenant_hosts_one_primary ON tenant_hosts USING btree (tenant_id) WHERE is_primary;

CREATE INDEX tenant_hosts_tenant_idx ON tenant_hosts USING btree (tenant_id);

CREATE TABLE tenant_pages (
    tenant_id bigint NOT NULL,
    slug text NOT NULL,
    locale text NOT NULL,
    title text NOT NULL,
    body text NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT tenant_pages_locale_check CHECK ((locale = ANY (ARRAY['pt'::text, 'en'::text]))),
    CONSTRAINT tenant_pages_slug_check CHECK (((slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text) AND (length(slug) <= 80))),
    CONSTRAINT tenant_pages_title_check CHECK (((length(title) >= 1) AND (length(title) <= 200)))
);

ALTER TABLE ONLY tenant_pages
    ADD CONSTRAINT tenant_pages_pkey PRIMARY KEY (tenant_id, slug, locale);

-- accounts

CREATE TABLE users (
    id bigint NOT NULL,
    tenant_id bigint NOT NULL,
    first_name sorte_name NOT NULL,
    last_name sorte_name NOT NULL,
    email sorte_email NOT NULL,
    phone sorte_phone NOT NULL,
    cpf sorte_cpf,
    birth_date date,
    password_hash text,
    google_sub text,
    language sorte_language DEFAULT 'pt'::text NOT NULL,
    avatar text,
    level integer DEFAULT 0 NOT NULL,
    total_bet bigint DEFAULT 0 NOT NULL,
    vip_level integer DEFAULT 0 NOT NULL,
    vip_points bigint DEFAULT 0 NOT NULL,
    hide_metrics boolean DEFAULT false NOT NULL,
    settings jsonb DEFAULT '{"marketing_sms": false, "marketing_email": false}'::jsonb NOT NULL,
    email_verified_at timestamp with time zone,
    phone_verified_at timestamp with time zone,
    referral_code text NOT NULL,
    referred_by bigint,
    self_exclusion_value text,
    self_exclusion_start timestamp with time zone,
    self_exclusion_end timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE users ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME users_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);

ALTER TABLE ONLY users
    ADD CONSTRAINT users_tenant_id_email_key UNIQUE (tenant_id, email);

ALTER TABLE ONLY users
    ADD CONSTRAINT users_tenant_id_id_key UNIQUE (tenant_id, id);

ALTER TABLE ONLY users
    ADD CONSTRAINT users_tenant_id_phone_key UNIQUE (tenant_id, phone);

ALTER TABLE ONLY users
    ADD CONSTRAINT users_tenant_id_referral_code_key UNIQUE (tenant_id, referral_code);

CREATE UNIQUE INDEX users_tenant_cpf ON users USING btree (tenant_id, cpf) WHERE (cpf IS NOT NULL);

CREATE UNIQUE INDEX users_tenant_google ON users USING btree (tenant_id, google_sub) WHERE (google_sub IS NOT NULL);

CREATE TABLE sessions (
    id bigint NOT NULL,
    tenant_id bigint NOT NULL,
    user_id bigint NOT NULL,
    token_hash text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    last_used_at timestamp with time zone DEFAULT now() NOT NULL,
    revoked_at timestamp with time zone,
    ip text,
    user_agent text,
    CONSTRAINT sessions_token_hash_check CHECK ((token_hash ~ '^[0-9a-f]{64}$'::text))
);

ALTER TABLE sessions ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME sessions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (id);

ALTER TABLE ONLY sessions
    ADD CONSTRAINT sessions_token_hash_key UNIQUE (token_hash);

CREATE INDEX sessions_user_idx ON sessions USING btree (tenant_id, user_id) WHERE (revoked_at IS NULL);

CREATE TABLE verification_codes (
    id bigint NOT NULL,
    tenant_id bigint NOT NULL,
    purpose text NOT NULL,
    channel text NOT NULL,
    target text NOT NULL,
    code_hash text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    consumed_at timestamp with time zone,
    CONSTRAINT verification_codes_channel_check CHECK ((channel = ANY (ARRAY['sms'::text, 'email'::text]))),
    CONSTRAINT verification_codes_purpose_check CHECK ((purpose = ANY (ARRAY['register'::text, 'recover'::text, 'verify_email'::text, 'verify_phone'::text, 'password_change'::text])))
);

ALTER TABLE verification_codes ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME verification_codes_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY verification_codes
    ADD CONSTRAINT verification_codes_pkey PRIMARY KEY (id);

CREATE INDEX verification_codes_target_idx ON verification_codes USING btree (tenant_id, purpose, target, created_at DESC);

CREATE TABLE message_outbox (
    id bigint NOT NULL,
    tenant_id bigint NOT NULL,
    channel text NOT NULL,
    recipient text NOT NULL,
    subject text,
    body text NOT NULL,
    code text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT message_outbox_channel_check CHECK ((channel = ANY (ARRAY['sms'::text, 'email'::text])))
);

ALTER TABLE message_outbox ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME message_outbox_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY message_outbox
    ADD CONSTRAINT message_outbox_pkey PRIMARY KEY (id);

CREATE INDEX message_outbox_recipient_idx ON message_outbox USING btree (tenant_id, recipient, id DESC);

CREATE TABLE user_addresses (
    tenant_id bigint NOT NULL,
    user_id bigint NOT NULL,
    zip_code text NOT NULL,
    street text NOT NULL,
    number text NOT NULL,
    complement text,
    neighborhood text NOT NULL,
    city text NOT NULL,
    state text NOT NULL,
    country text DEFAULT 'BR'::text NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE ONLY user_addresses
    ADD CONSTRAINT user_addresses_pkey PRIMARY KEY (tenant_id, user_id);

-- wallet

CREATE TABLE ledger_accounts (
    id bigint NOT NULL,
    tenant_id bigint NOT NULL,
    user_id bigint,
    kind sorte_account_kind NOT NULL,
    balance sorte_centavos DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE ledger_accounts ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME ledger_accounts_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY ledger_accounts
    ADD CONSTRAINT ledger_accounts_pkey PRIMARY KEY (id);

CREATE UNIQUE INDEX ledger_accounts_player ON ledger_accounts USING btree (tenant_id, user_id, kind) WHERE (user_id IS NOT NULL);

CREATE UNIQUE INDEX ledger_accounts_system ON ledger_accounts USING btree (tenant_id, kind) WHERE (user_id IS NULL);

CREATE TABLE ledger_transactions (
    id bigint NOT NULL,
    tenant_id bigint NOT NULL,
    user_id bigint,
    type sorte_ledger_type NOT NULL,
    reference sorte_text_200 NOT NULL,
    idempotency_key sorte_text_200 NOT NULL,
    request_hash text NOT NULL,
    reverses_id bigint,
    result jsonb NOT NULL,
    metadata jsonb DEFAULT '{}'::jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE ledger_transactions ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME ledger_transactions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY ledger_transactions
    ADD CONSTRAINT ledger_transactions_pkey PRIMARY KEY (id);

ALTER TABLE ONLY ledger_transactions
    ADD CONSTRAINT ledger_transactions_tenant_id_idempotency_key_key UNIQUE (tenant_id, idempotency_key);

CREATE UNIQUE INDEX ledger_transactions_one_reversal ON ledger_transactions USING btree (reverses_id) WHERE (reverses_id IS NOT NULL);

CREATE INDEX ledger_transactions_user ON ledger_transactions USING btree (tenant_id, user_id, id DESC);

CREATE TABLE ledger_entries (
    id bigint NOT NULL,
    transaction_id bigint NOT NULL,
    account_id bigint NOT NULL,
    amount sorte_nonzero_centavos NOT NULL,
    balance_after bigint
);

ALTER TABLE ledger_entries ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME ledger_entries_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY ledger_entries
    ADD CONSTRAINT ledger_entries_pkey PRIMARY KEY (transaction_id, id);

CREATE TABLE player_wallets (
    tenant_id bigint NOT NULL,
    user_id bigint NOT NULL,
    deposit_count integer DEFAULT 0 NOT NULL,
    deposit_total bigint DEFAULT 0 NOT NULL,
    locked_cash bigint DEFAULT 0 NOT NULL,
    CONSTRAINT player_wallets_locked_cash_check CHECK ((locked_cash >= 0))
);

ALTER TABLE ONLY player_wallets
    ADD CONSTRAINT player_wallets_pkey PRIMARY KEY (tenant_id, user_id);

CREATE TABLE domain_events (
    id bigint NOT NULL,
    tenant_id bigint NOT NULL,
    user_id bigint,
    type text NOT NULL,
    payload jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE domain_events ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME domain_events_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY domain_events
    ADD CONSTRAINT domain_events_pkey PRIMARY KEY (id);

CREATE TABLE pix_charges (
    id bigint NOT NULL,
    tenant_id bigint NOT NULL,
    user_id bigint NOT NULL,
    txid text NOT NULL,
    psp text NOT NULL,
    amount bigint NOT NULL,
    status text DEFAULT 'waiting_payment'::text NOT NULL,
    br_code text NOT NULL,
    location text,
    expires_at timestamp with time zone NOT NULL,
    end_to_end_id text,
    payer_document text,
    ledger_transaction_id bigint,
    refund_reason text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    paid_at timestamp with time zone,
    CONSTRAINT pix_charges_amount_check CHECK ((amount > 0)),
    CONSTRAINT pix_charges_status_check CHECK ((status = ANY (ARRAY['waiting_payment'::text, 'paid'::text, 'pending'::text, 'refused'::text, 'refunded'::text, 'chargebacked'::text, 'expired'::text]))),
    CONSTRAINT pix_charges_txid_check CHECK ((txid ~ '^[a-zA-Z0-9]{26,35}$'::text))
);

ALTER TABLE pix_charges ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME pix_charges_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY pix_charges
    ADD CONSTRAINT pix_charges_pkey PRIMARY KEY (id);

ALTER TABLE ONLY pix_charges
    ADD CONSTRAINT pix_charges_txid_key UNIQUE (txid);

CREATE INDEX pix_charges_open ON pix_charges USING btree (tenant_id, status, expires_at) WHERE (status = 'waiting_payment'::text);

CREATE INDEX pix_charges_user ON pix_charges USING btree (tenant_id, user_id, id DESC);

CREATE TABLE withdraw_methods (
    id bigint NOT NULL,
    tenant_id bigint NOT NULL,
    user_id bigint NOT NULL,
    type text NOT NULL,
    key text NOT NULL,
    holder_name text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    deleted_at timestamp with time zone,
    owner_check text,
    owner_name text,
    CONSTRAINT withdraw_methods_key_check CHECK (((length(key) >= 1) AND (length(key) <= 77))),
    CONSTRAINT withdraw_methods_owner_check_check CHECK ((owner_check = ANY (ARRAY['cpf'::text, 'dict'::text]))),
    CONSTRAINT withdraw_methods_type_check CHECK ((type = ANY (ARRAY['cpf'::text, 'email'::text, 'phone'::text, 'evp'::text])))
);

ALTER TABLE withdraw_methods ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME withdraw_methods_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY withdraw_methods
    ADD CONSTRAINT withdraw_methods_pkey PRIMARY KEY (id);

CREATE UNIQUE INDEX withdraw_methods_unique ON withdraw_methods USING btree (tenant_id, user_id, type, key) WHERE (deleted_at IS NULL);

CREATE TABLE withdrawals (
    id bigint NOT NULL,
    tenant_id bigint NOT NULL,
    user_id bigint NOT NULL,
    method_id bigint NOT NULL,
    amount bigint NOT NULL,
    status smallint NOT NULL,
    idempotency_key text NOT NULL,
    request_hash text NOT NULL,
    psp text NOT NULL,
    payout_id text NOT NULL,
    end_to_end_id text,
    attempts integer DEFAULT 0 NOT NULL,
    next_attempt_at timestamp with time zone DEFAULT now() NOT NULL,
    due_at timestamp with time zone NOT NULL,
    warned_at timestamp with time zone,
    last_error text,
    review_reason text,
    reviewed_by text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    completed_at timestamp with time zone,
    CONSTRAINT withdrawals_amount_check CHECK ((amount > 0)),
    CONSTRAINT withdrawals_payout_id_check CHECK ((payout_id ~ '^[a-zA-Z0-9]{1,35}$'::text)),
    CONSTRAINT withdrawals_status_check CHECK (((status >= 0) AND (status <= 5)))
);

ALTER TABLE withdrawals ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME withdrawals_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY withdrawals
    ADD CONSTRAINT withdrawals_payout_id_key UNIQUE (payout_id);

ALTER TABLE ONLY withdrawals
    ADD CONSTRAINT withdrawals_pkey PRIMARY KEY (id);

ALTER TABLE ONLY withdrawals
    ADD CONSTRAINT withdrawals_tenant_id_user_id_idempotency_key_key UNIQUE (tenant_id, user_id, idempotency_key);

CREATE INDEX withdrawals_due ON withdrawals USING btree (next_attempt_at) WHERE (status = ANY (ARRAY[0, 4]));

CREATE INDEX withdrawals_user ON withdrawals USING btree (tenant_id, user_id, id DESC);

CREATE TABLE kyc_documents (
    id bigint NOT NULL,
    tenant_id bigint NOT NULL,
    user_id bigint NOT NULL,
    type text NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    storage_key text NOT NULL,
    content_type text NOT NULL,
    size integer NOT NULL,
    reject_reason text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    reviewed_at timestamp with time zone,
    CONSTRAINT kyc_documents_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'approved'::text, 'rejected'::text, 'cancelled'::text]))),
    CONSTRAINT kyc_documents_type_check CHECK ((type = ANY (ARRAY['id_front'::text, 'id_back'::text, 'selfie'::text, 'proof_of_address'::text])))
);

ALTER TABLE kyc_documents ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME kyc_documents_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY kyc_documents
    ADD CONSTRAINT kyc_documents_pkey PRIMARY KEY (id);

CREATE INDEX kyc_documents_user ON kyc_documents USING btree (tenant_id, user_id, id DESC);

-- realtime

CREATE TABLE platform_keys (
    name text NOT NULL,
    value jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT platform_keys_name_check CHECK ((name ~ '^[a-z0-9_]{1,40}$'::text))
);

ALTER TABLE ONLY platform_keys
    ADD CONSTRAINT platform_keys_pkey PRIMARY KEY (name);

CREATE TABLE realtime_outbox (
    id bigint NOT NULL,
    tenant_id bigint NOT NULL,
    channel text NOT NULL,
    event text NOT NULL,
    data jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT realtime_outbox_channel_check CHECK (((length(channel) >= 1) AND (length(channel) <= 164))),
    CONSTRAINT realtime_outbox_event_check CHECK (((length(event) >= 1) AND (length(event) <= 200)))
);

ALTER TABLE realtime_outbox ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME realtime_outbox_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY realtime_outbox
    ADD CONSTRAINT realtime_outbox_pkey PRIMARY KEY (id);

CREATE TABLE chat_messages (
    id bigint NOT NULL,
    tenant_id bigint NOT NULL,
    room text NOT NULL,
    user_id bigint,
    kind text DEFAULT 'global'::text NOT NULL,
    text text NOT NULL,
    emoji boolean DEFAULT false NOT NULL,
    mission jsonb,
    attachments jsonb DEFAULT '[]'::jsonb NOT NULL,
    pinned_until timestamp with time zone,
    deleted_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT chat_messages_kind_check CHECK ((kind = ANY (ARRAY['global'::text, 'mission'::text, 'system'::text]))),
    CONSTRAINT chat_messages_room_check CHECK ((room ~ '^[a-z0-9_-]{1,40}$'::text)),
    CONSTRAINT chat_messages_text_check CHECK ((length(text) <= 1000))
);

ALTER TABLE chat_messages ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME chat_messages_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY chat_messages
    ADD CONSTRAINT chat_messages_pkey PRIMARY KEY (id);

CREATE INDEX chat_messages_room_idx ON chat_messages USING btree (tenant_id, room, id DESC) WHERE (deleted_at IS NULL);

CREATE TABLE chat_mutes (
    tenant_id bigint NOT NULL,
    user_id bigint NOT NULL,
    until timestamp with time zone NOT NULL,
    reason text,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE ONLY chat_mutes
    ADD CONSTRAINT chat_mutes_pkey PRIMARY KEY (tenant_id, user_id);

CREATE TABLE notifications (
    id bigint NOT NULL,
    tenant_id bigint NOT NULL,
    user_id bigint,
    title text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    img text,
    url text,
    pinned_until timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT notifications_description_check CHECK ((length(description) <= 4000)),
    CONSTRAINT notifications_img_check CHECK (((img IS NULL) OR (length(img) <= 2048))),
    CONSTRAINT notifications_title_check CHECK (((length(title) >= 1) AND (length(title) <= 200))),
    CONSTRAINT notifications_url_check CHECK (((url IS NULL) OR (length(url) <= 2048)))
);

ALTER TABLE notifications ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME notifications_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY notifications
    ADD CONSTRAINT notifications_pkey PRIMARY KEY (id);

CREATE INDEX notifications_personal_idx ON notifications USING btree (tenant_id, user_id, id DESC) WHERE (user_id IS NOT NULL);

CREATE INDEX notifications_platform_idx ON notifications USING btree (tenant_id, id DESC) WHERE (user_id IS NULL);

CREATE TABLE notification_states (
    tenant_id bigint NOT NULL,
    notification_id bigint NOT NULL,
    user_id bigint NOT NULL,
    read_at timestamp with time zone,
    viewed_at timestamp with time zone
);

ALTER TABLE ONLY notification_states
    ADD CONSTRAINT notification_states_pkey PRIMARY KEY (notification_id, user_id);

CREATE INDEX notification_states_user_idx ON notification_states USING btree (tenant_id, user_id);

CREATE TABLE push_subscriptions (
    id bigint NOT NULL,
    tenant_id bigint NOT NULL,
    user_id bigint NOT NULL,
    endpoint text NOT NULL,
    p256dh text NOT NULL,
    auth text NOT NULL,
    user_agent text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    last_sent_at timestamp with time zone,
    CONSTRAINT push_subscriptions_auth_check CHECK ((auth ~ '^[A-Za-z0-9_=-]{8,64}$'::text)),
    CONSTRAINT push_subscriptions_endpoint_check CHECK (((endpoint ~ '^https?://'::text) AND (length(endpoint) <= 2048))),
    CONSTRAINT push_subscriptions_p256dh_check CHECK ((p256dh ~ '^[A-Za-z0-9_=-]{40,200}$'::text))
);

ALTER TABLE push_subscriptions ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME push_subscriptions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY push_subscriptions
    ADD CONSTRAINT push_subscriptions_pkey PRIMARY KEY (id);

ALTER TABLE ONLY push_subscriptions
    ADD CONSTRAINT push_subscriptions_tenant_id_endpoint_key UNIQUE (tenant_id, endpoint);

CREATE INDEX push_subscriptions_user_idx ON push_subscriptions USING btree (tenant_id, user_id);

-- casino

CREATE TABLE game_providers (
    id bigint NOT NULL,
    tenant_id bigint NOT NULL,
    code text NOT NULL,
    name text NOT NULL,
    protocol text DEFAULT 'generic'::text NOT NULL,
    api_url text NOT NULL,
    operator_id text NOT NULL,
    secret text NOT NULL,
    enabled boolean DEFAULT true NOT NULL,
    max_single_win bigint DEFAULT 50000000 NOT NULL,
    sort integer DEFAULT 0 NOT NULL,
    logo text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT game_providers_code_check CHECK ((code ~ '^[a-z0-9][a-z0-9_-]{0,39}$'::text)),
    CONSTRAINT game_providers_max_single_win_check CHECK ((max_single_win > 0)),
    CONSTRAINT game_providers_name_check CHECK (((length(name) >= 1) AND (length(name) <= 100))),
    CONSTRAINT game_providers_secret_check CHECK ((length(secret) >= 16))
);

ALTER TABLE game_providers ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME game_providers_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY game_providers
    ADD CONSTRAINT game_providers_pkey PRIMARY KEY (id);

ALTER TABLE ONLY game_providers
    ADD CONSTRAINT game_providers_tenant_id_code_key UNIQUE (tenant_id, code);

ALTER TABLE ONLY game_providers
    ADD CONSTRAINT game_providers_tenant_id_id_key UNIQUE (tenant_id, id);

CREATE TABLE game_categories (
    tenant_id bigint NOT NULL,
    slug text NOT NULL,
    name_pt text NOT NULL,
    name_en text NOT NULL,
    icon text,
    sort integer DEFAULT 0 NOT NULL,
    enabled boolean DEFAULT true NOT NULL,
    CONSTRAINT game_categories_slug_check CHECK (((slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text) AND (length(slug) <= 60)))
);

ALTER TABLE ONLY game_categories
    ADD CONSTRAINT game_categories_pkey PRIMARY KEY (tenant_id, slug);

CREATE TABLE games (
    id bigint NOT NULL,
    tenant_id bigint NOT NULL,
    provider_id bigint NOT NULL,
    provider_game_id text NOT NULL,
    game_code text NOT NULL,
    title text NOT NULL,
    category_slug text NOT NULL,
    type text NOT NULL,
    has_tables boolean DEFAULT false NOT NULL,
    only_demo boolean DEFAULT false NOT NULL,
    demo_allowed boolean DEFAULT true NOT NULL,
    bonus_allowed boolean DEFAULT true NOT NULL,
    rtp_bp integer NOT NULL,
    volatility text NOT NULL,
    image text NOT NULL,
    image_mobile text,
    enabled boolean DEFAULT true NOT NULL,
    featured boolean DEFAULT false NOT NULL,
    featured_home boolean DEFAULT false NOT NULL,
    sort integer DEFAULT 0 NOT NULL,
    views bigint DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT games_game_code_check CHECK (((game_code ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text) AND (length(game_code) <= 100))),
    CONSTRAINT games_provider_game_id_check CHECK (((length(provider_game_id) >= 1) AND (length(provider_game_id) <= 100))),
    CONSTRAINT games_rtp_bp_check CHECK (((rtp_bp >= 5000) AND (rtp_bp <= 9999))),
    CONSTRAINT games_title_check CHECK (((length(title) >= 1) AND (length(title) <= 120))),
    CONSTRAINT games_type_check CHECK ((type ~ '^[a-z0-9_-]{1,30}$'::text)),
    CONSTRAINT games_volatility_check CHECK ((volatility = ANY (ARRAY['low'::text, 'medium'::text, 'high'::text, 'very_high'::text])))
);

ALTER TABLE games ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME games_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY games
    ADD CONSTRAINT games_pkey PRIMARY KEY (id);

ALTER TABLE ONLY games
    ADD CONSTRAINT games_tenant_id_id_key UNIQUE (tenant_id, id);

ALTER TABLE ONLY games
    ADD CONSTRAINT games_tenant_id_provider_id_game_code_key UNIQUE (tenant_id, provider_id, game_code);

ALTER TABLE ONLY games
    ADD CONSTRAINT games_tenant_id_provider_id_provider_game_id_key UNIQUE (tenant_id, provider_id, provider_game_id);

CREATE INDEX games_tenant_idx ON games USING btree (tenant_id, enabled);

CREATE TABLE casino_catalog_revisions (
    tenant_id bigint NOT NULL,
    revision bigint DEFAULT 1 NOT NULL
);

ALTER TABLE ONLY casino_catalog_revisions
    ADD CONSTRAINT casino_catalog_revisions_pkey PRIMARY KEY (tenant_id);

CREATE TABLE game_favorites (
    tenant_id bigint NOT NULL,
    user_id bigint NOT NULL,
    game_id bigint NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE ONLY game_favorites
    ADD CONSTRAINT game_favorites_pkey PRIMARY KEY (tenant_id, user_id, game_id);

CREATE TABLE game_likes (
    tenant_id bigint NOT NULL,
    user_id bigint NOT NULL,
    game_id bigint NOT NULL,
    liked boolean NOT NULL,
    op_id bigint NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE ONLY game_likes
    ADD CONSTRAINT game_likes_pkey PRIMARY KEY (tenant_id, user_id, game_id);

CREATE TABLE game_recents (
    tenant_id bigint NOT NULL,
    user_id bigint NOT NULL,
    game_id bigint NOT NULL,
    played_at timestamp with time zone DEFAULT now() NOT NULL
)
WITH (fillfactor='70');

ALTER TABLE ONLY game_recents
    ADD CONSTRAINT game_recents_pkey PRIMARY KEY (tenant_id, user_id, game_id);

CREATE TABLE game_sessions (
    id bigint NOT NULL,
    tenant_id bigint NOT NULL,
    user_id bigint,
    game_id bigint NOT NULL,
    provider_id bigint NOT NULL,
    token_hash text NOT NULL,
    demo boolean NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL
);

ALTER TABLE game_sessions ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME game_sessions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY game_sessions
    ADD CONSTRAINT game_sessions_pkey PRIMARY KEY (id);

ALTER TABLE ONLY game_sessions
    ADD CONSTRAINT game_sessions_token_hash_key UNIQUE (token_hash);

CREATE INDEX game_sessions_user_live_idx ON game_sessions USING btree (tenant_id, user_id, expires_at) WHERE (user_id IS NOT NULL);

CREATE TABLE casino_rounds (
    id bigint NOT NULL,
    tenant_id bigint NOT NULL,
    provider_id bigint NOT NULL,
    round_id text NOT NULL,
    user_id bigint NOT NULL,
    game_id bigint NOT NULL,
    bet_total bigint DEFAULT 0 NOT NULL,
    win_total bigint DEFAULT 0 NOT NULL,
    status sorte_round_status DEFAULT 'open'::text NOT NULL,
    started_at timestamp with time zone DEFAULT now() NOT NULL,
    closed_at timestamp with time zone
);

ALTER TABLE casino_rounds ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME casino_rounds_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY casino_rounds
    ADD CONSTRAINT casino_rounds_pkey PRIMARY KEY (id);

ALTER TABLE ONLY casino_rounds
    ADD CONSTRAINT casino_rounds_tenant_id_provider_id_round_id_key UNIQUE (tenant_id, provider_id, round_id);

CREATE INDEX casino_rounds_user_idx ON casino_rounds USING btree (tenant_id, user_id, id DESC);

CREATE TABLE provider_transactions (
    id bigint NOT NULL,
    tenant_id bigint NOT NULL,
    provider_id bigint NOT NULL,
    tx_id sorte_text_100 NOT NULL,
    kind sorte_provider_tx_kind NOT NULL,
    round_id text,
    user_id bigint,
    amount sorte_centavos DEFAULT 0 NOT NULL,
    status sorte_provider_tx_status NOT NULL,
    response jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    bonus_allowed boolean
);

ALTER TABLE provider_transactions ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME provider_transactions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY provider_transactions
    ADD CONSTRAINT provider_transactions_pkey PRIMARY KEY (id);

ALTER TABLE ONLY provider_transactions
    ADD CONSTRAINT provider_transactions_tenant_id_provider_id_tx_id_key UNIQUE (tenant_id, provider_id, tx_id);

CREATE TABLE provider_security_events (
    id bigint NOT NULL,
    tenant_id bigint,
    provider_code text NOT NULL,
    reason text NOT NULL,
    detail jsonb DEFAULT '{}'::jsonb NOT NULL,
    ip text,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE provider_security_events ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME provider_security_events_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY provider_security_events
    ADD CONSTRAINT provider_security_events_pkey PRIMARY KEY (id);

CREATE TABLE provider_sandbox_operators (
    operator_id text NOT NULL,
    secret text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE ONLY provider_sandbox_operators
    ADD CONSTRAINT provider_sandbox_operators_pkey PRIMARY KEY (operator_id);

-- originals

CREATE TABLE originals_seed_pairs (
    id bigint NOT NULL,
    tenant_id bigint NOT NULL,
    user_id bigint NOT NULL,
    server_seed sorte_hex64 NOT NULL,
    server_seed_hash sorte_hex64 NOT NULL,
    client_seed sorte_client_seed NOT NULL,
    nonce sorte_nonnegative DEFAULT 0 NOT NULL,
    active boolean DEFAULT true NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    revealed_at timestamp with time zone
);

ALTER TABLE originals_seed_pairs ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME originals_seed_pairs_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY originals_seed_pairs
    ADD CONSTRAINT originals_seed_pairs_pkey PRIMARY KEY (id);

CREATE UNIQUE INDEX originals_seed_pairs_active ON originals_seed_pairs USING btree (tenant_id, user_id) WHERE active;

CREATE INDEX originals_seed_pairs_user ON originals_seed_pairs USING btree (tenant_id, user_id, id DESC);

CREATE TABLE originals_bets (
    id bigint NOT NULL,
    tenant_id bigint NOT NULL,
    user_id bigint NOT NULL,
    game sorte_originals_game NOT NULL,
    seed_pair_id bigint NOT NULL,
    nonce sorte_nonnegative NOT NULL,
    amount sorte_positive_centavos NOT NULL,
    payout sorte_centavos DEFAULT 0 NOT NULL,
    multiplier_e4 sorte_nonnegative DEFAULT 0 NOT NULL,
    params jsonb NOT NULL,
    outcome jsonb NOT NULL,
    status sorte_originals_bet_status NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    settled_at timestamp with time zone
);

ALTER TABLE originals_bets ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME originals_bets_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY originals_bets
    ADD CONSTRAINT originals_bets_pkey PRIMARY KEY (id);

ALTER TABLE ONLY originals_bets
    ADD CONSTRAINT originals_bets_seed_pair_id_nonce_key UNIQUE (seed_pair_id, nonce);

CREATE UNIQUE INDEX originals_bets_one_open ON originals_bets USING btree (tenant_id, user_id, game) WHERE ((status)::text = 'open'::text);

CREATE INDEX originals_bets_user ON originals_bets USING btree (tenant_id, user_id, id DESC);

CREATE TABLE originals_requests (
    tenant_id bigint NOT NULL,
    user_id bigint NOT NULL,
    idempotency_key text NOT NULL,
    request_hash text NOT NULL,
    response jsonb,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT originals_requests_idempotency_key_check CHECK (((length(idempotency_key) >= 1) AND (length(idempotency_key) <= 100)))
);

ALTER TABLE ONLY originals_requests
    ADD CONSTRAINT originals_requests_pkey PRIMARY KEY (tenant_id, user_id, idempotency_key);

CREATE TABLE originals_chains (
    id bigint NOT NULL,
    tenant_id bigint NOT NULL,
    game text NOT NULL,
    seed text NOT NULL,
    length integer NOT NULL,
    terminating_hash text NOT NULL,
    salt text NOT NULL,
    active boolean DEFAULT true NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT originals_chains_game_check CHECK ((game = ANY (ARRAY['crash'::text, 'double'::text]))),
    CONSTRAINT originals_chains_length_check CHECK (((length >= 1) AND (length <= 10000000))),
    CONSTRAINT originals_chains_salt_check CHECK (((length(salt) >= 1) AND (length(salt) <= 128))),
    CONSTRAINT originals_chains_seed_check CHECK ((seed ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT originals_chains_terminating_hash_check CHECK ((terminating_hash ~ '^[0-9a-f]{64}$'::text))
);

ALTER TABLE originals_chains ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME originals_chains_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY originals_chains
    ADD CONSTRAINT originals_chains_pkey PRIMARY KEY (id);

CREATE UNIQUE INDEX originals_chains_active ON originals_chains USING btree (tenant_id, game) WHERE active;

CREATE TABLE originals_rounds (
    id bigint NOT NULL,
    tenant_id bigint NOT NULL,
    chain_id bigint NOT NULL,
    game text NOT NULL,
    round_number integer NOT NULL,
    hash text NOT NULL,
    result integer NOT NULL,
    chain_result integer NOT NULL,
    status text NOT NULL,
    betting_ends_at timestamp with time zone NOT NULL,
    started_at timestamp with time zone,
    ended_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    max_profit bigint,
    force_point integer,
    crash_after_ms integer,
    CONSTRAINT originals_rounds_crash_after_ms_check CHECK (((crash_after_ms IS NULL) OR (crash_after_ms >= 0))),
    CONSTRAINT originals_rounds_force_point_check CHECK (((force_point IS NULL) OR (force_point >= 100))),
    CONSTRAINT originals_rounds_game_check CHECK ((game = ANY (ARRAY['crash'::text, 'double'::text]))),
    CONSTRAINT originals_rounds_hash_check CHECK ((hash ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT originals_rounds_max_profit_check CHECK (((max_profit IS NULL) OR (max_profit >= 0))),
    CONSTRAINT originals_rounds_round_number_check CHECK ((round_number >= 1)),
    CONSTRAINT originals_rounds_status_check CHECK ((status = ANY (ARRAY['betting'::text, 'running'::text, 'ended'::text, 'refunded'::text])))
);

ALTER TABLE originals_rounds ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME originals_rounds_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY originals_rounds
    ADD CONSTRAINT originals_rounds_chain_id_round_number_key UNIQUE (chain_id, round_number);

ALTER TABLE ONLY originals_rounds
    ADD CONSTRAINT originals_rounds_pkey PRIMARY KEY (id);

CREATE INDEX originals_rounds_open ON originals_rounds USING btree (tenant_id, game) WHERE (status = ANY (ARRAY['betting'::text, 'running'::text]));

CREATE INDEX originals_rounds_recent ON originals_rounds USING btree (tenant_id, game, id DESC);

CREATE TABLE originals_round_bets (
    id bigint NOT NULL,
    tenant_id bigint NOT NULL,
    round_id bigint NOT NULL,
    user_id bigint NOT NULL,
    amount bigint NOT NULL,
    auto_cashout integer,
    color text,
    cashout integer,
    payout bigint DEFAULT 0 NOT NULL,
    status text DEFAULT 'open'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    settled_at timestamp with time zone,
    CONSTRAINT originals_round_bets_amount_check CHECK ((amount > 0)),
    CONSTRAINT originals_round_bets_auto_cashout_check CHECK (((auto_cashout IS NULL) OR (auto_cashout >= 101))),
    CONSTRAINT originals_round_bets_color_check CHECK (((color IS NULL) OR (color = ANY (ARRAY['white'::text, 'red'::text, 'black'::text])))),
    CONSTRAINT originals_round_bets_payout_check CHECK ((payout >= 0)),
    CONSTRAINT originals_round_bets_status_check CHECK ((status = ANY (ARRAY['open'::text, 'won'::text, 'lost'::text, 'refunded'::text])))
);

ALTER TABLE originals_round_bets ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME originals_round_bets_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY originals_round_bets
    ADD CONSTRAINT originals_round_bets_pkey PRIMARY KEY (id);

CREATE UNIQUE INDEX originals_round_bets_one ON originals_round_bets USING btree (round_id, user_id, COALESCE(color, ''::text));

CREATE INDEX originals_round_bets_round ON originals_round_bets USING btree (round_id, status);

CREATE INDEX originals_round_bets_user ON originals_round_bets USING btree (tenant_id, user_id, id DESC);

-- multiplayer

CREATE TABLE originals_engine_leases (
    tenant_id bigint NOT NULL,
    game text NOT NULL,
    owner text NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    CONSTRAINT originals_engine_leases_game_check CHECK ((game = ANY (ARRAY['crash'::text, 'double'::text]))),
    CONSTRAINT originals_engine_leases_owner_check CHECK (((length(owner) >= 1) AND (length(owner) <= 100)))
);

ALTER TABLE ONLY originals_engine_leases
    ADD CONSTRAINT originals_engine_leases_pkey PRIMARY KEY (tenant_id, game);

-- event bus

CREATE TABLE event_log (
    id bigint NOT NULL,
    xid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    tenant_id bigint NOT NULL,
    user_id bigint,
    name text NOT NULL,
    payload jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE event_log ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME event_log_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY event_log
    ADD CONSTRAINT event_log_pkey PRIMARY KEY (xid, id);

CREATE TABLE event_consumers (
    name text NOT NULL,
    pos_xid xid8 NOT NULL,
    pos_id bigint NOT NULL,
    registered_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE ONLY event_consumers
    ADD CONSTRAINT event_consumers_pkey PRIMARY KEY (name);

CREATE TABLE event_retries (
    consumer text NOT NULL,
    event_id bigint NOT NULL,
    tenant_id bigint NOT NULL,
    user_id bigint,
    name text NOT NULL,
    payload jsonb NOT NULL,
    created_at timestamp with time zone NOT NULL,
    attempts integer NOT NULL,
    next_attempt_at timestamp with time zone,
    parked_at timestamp with time zone,
    last_error text NOT NULL
);

ALTER TABLE ONLY event_retries
    ADD CONSTRAINT event_retries_pkey PRIMARY KEY (consumer, event_id);

CREATE INDEX event_retries_due ON event_retries USING btree (consumer, next_attempt_at) WHERE (parked_at IS NULL);

CREATE TABLE scheduled_jobs (
    name text NOT NULL,
    next_run_at timestamp with time zone NOT NULL,
    leased_by text,
    lease_until timestamp with time zone,
    last_started_at timestamp with time zone,
    last_finished_at timestamp with time zone,
    last_error text,
    runs bigint DEFAULT 0 NOT NULL
);

ALTER TABLE ONLY scheduled_jobs
    ADD CONSTRAINT scheduled_jobs_pkey PRIMARY KEY (name);

-- Foreign keys, once every table exists.

ALTER TABLE ONLY casino_catalog_revisions
    ADD CONSTRAINT casino_catalog_revisions_tenant_id_fkey FOREIGN KEY (tenant_id) REFERENCES tenants(id) ON DELETE CASCADE;

ALTER TABLE ONLY chat_messages
    ADD CONSTRAINT chat_messages_tenant_id_fkey FOREIGN KEY (tenant_id) REFERENCES tenants(id) ON DELETE CASCADE;

ALTER TABLE ONLY chat_messages
    ADD CONSTRAINT chat_messages_tenant_id_user_id_fkey FOREIGN KEY (tenant_id, user_id) REFERENCES users(tenant_id, id) ON DELETE CASCADE;

ALTER TABLE ONLY chat_mutes
    ADD CONSTRAINT chat_mutes_tenant_id_user_id_fkey FOREIGN KEY (tenant_id, user_id) REFERENCES users(tenant_id, id) ON DELETE CASCADE;

ALTER TABLE ONLY event_retries
    ADD CONSTRAINT event_retries_consumer_fkey FOREIGN KEY (consumer) REFERENCES event_consumers(name) ON DELETE CASCADE;

ALTER TABLE ONLY game_categories
    ADD CONSTRAINT game_categories_tenant_id_fkey FOREIGN KEY (tenant_id) REFERENCES tenants(id) ON DELETE CASCADE;

ALTER TABLE ONLY game_favorites
    ADD CONSTRAINT game_favorites_tenant_id_game_id_fkey FOREIGN KEY (tenant_id, game_id) REFERENCES games(tenant_id, id) ON DELETE CASCADE;

ALTER TABLE ONLY game_favorites
    ADD CONSTRAINT game_favorites_tenant_id_user_id_fkey FOREIGN KEY (tenant_id, user_id) REFERENCES users(tenant_id, id) ON DELETE CASCADE;

ALTER TABLE ONLY game_likes
    ADD CONSTRAINT game_likes_tenant_id_game_id_fkey FOREIGN KEY (tenant_id, game_id) REFERENCES games(tenant_id, id) ON DELETE CASCADE;

ALTER TABLE ONLY game_likes
    ADD CONSTRAINT game_likes_tenant_id_user_id_fkey FOREIGN KEY (tenant_id, user_id) REFERENCES users(tenant_id, id) ON DELETE CASCADE;

ALTER TABLE ONLY game_providers
    ADD CONSTRAINT game_providers_tenant_id_fkey FOREIGN KEY (tenant_id) REFERENCES tenants(id) ON DELETE CASCADE;

ALTER TABLE ONLY game_recents
    ADD CONSTRAINT game_recents_tenant_id_game_id_fkey FOREIGN KEY (tenant_id, game_id) REFERENCES games(tenant_id, id) ON DELETE CASCADE;

ALTER TABLE ONLY game_recents
    ADD CONSTRAINT game_recents_tenant_id_user_id_fkey FOREIGN KEY (tenant_id, user_id) REFERENCES users(tenant_id, id) ON DELETE CASCADE;

ALTER TABLE ONLY game_sessions
    ADD CONSTRAINT game_sessions_tenant_id_game_id_fkey FOREIGN KEY (tenant_id, game_id) REFERENCES games(tenant_id, id) ON DELETE CASCADE;

ALTER TABLE ONLY game_sessions
    ADD CONSTRAINT game_sessions_tenant_id_user_id_fkey FOREIGN KEY (tenant_id, user_id) REFERENCES users(tenant_id, id) ON DELETE CASCADE;

ALTER TABLE ONLY games
    ADD CONSTRAINT games_tenant_id_fkey FOREIGN KEY (tenant_id) REFERENCES tenants(id) ON DELETE CASCADE;

ALTER TABLE ONLY games
    ADD CONSTRAINT games_tenant_id_provider_id_fkey FOREIGN KEY (tenant_id, provider_id) REFERENCES game_providers(tenant_id, id) ON DELETE CASCADE;

ALTER TABLE ONLY kyc_documents
    ADD CONSTRAINT kyc_documents_tenant_id_user_id_fkey FOREIGN KEY (tenant_id, user_id) REFERENCES users(tenant_id, id) ON DELETE CASCADE;

ALTER TABLE ONLY ledger_transactions
    ADD CONSTRAINT ledger_transactions_reverses_id_fkey FOREIGN KEY (reverses_id) REFERENCES ledger_transactions(id);

ALTER TABLE ONLY message_outbox
    ADD CONSTRAINT message_outbox_tenant_id_fkey FOREIGN KEY (tenant_id) REFERENCES tenants(id) ON DELETE CASCADE;

ALTER TABLE ONLY notification_states
    ADD CONSTRAINT notification_states_notification_id_fkey FOREIGN KEY (notification_id) REFERENCES notifications(id) ON DELETE CASCADE;

ALTER TABLE ONLY notification_states
    ADD CONSTRAINT notification_states_tenant_id_user_id_fkey FOREIGN KEY (tenant_id, user_id) REFERENCES users(tenant_id, id) ON DELETE CASCADE;

ALTER TABLE ONLY notifications
    ADD CONSTRAINT notifications_tenant_id_fkey FOREIGN KEY (tenant_id) REFERENCES tenants(id) ON DELETE CASCADE;

ALTER TABLE ONLY notifications
    ADD CONSTRAINT notifications_tenant_id_user_id_fkey FOREIGN KEY (tenant_id, user_id) REFERENCES users(tenant_id, id) ON DELETE CASCADE;

ALTER TABLE ONLY originals_chains
    ADD CONSTRAINT originals_chains_tenant_id_fkey FOREIGN KEY (tenant_id) REFERENCES tenants(id) ON DELETE CASCADE;

ALTER TABLE ONLY originals_engine_leases
    ADD CONSTRAINT originals_engine_leases_tenant_id_fkey FOREIGN KEY (tenant_id) REFERENCES tenants(id) ON DELETE CASCADE;

ALTER TABLE ONLY originals_round_bets
    ADD CONSTRAINT originals_round_bets_round_id_fkey FOREIGN KEY (round_id) REFERENCES originals_rounds(id);

ALTER TABLE ONLY originals_round_bets
    ADD CONSTRAINT originals_round_bets_tenant_id_user_id_fkey FOREIGN KEY (tenant_id, user_id) REFERENCES users(tenant_id, id) ON DELETE CASCADE;

ALTER TABLE ONLY originals_rounds
    ADD CONSTRAINT originals_rounds_chain_id_fkey FOREIGN KEY (chain_id) REFERENCES originals_chains(id);

ALTER TABLE ONLY originals_seed_pairs
    ADD CONSTRAINT originals_seed_pairs_tenant_id_user_id_fkey FOREIGN KEY (tenant_id, user_id) REFERENCES users(tenant_id, id) ON DELETE CASCADE;

ALTER TABLE ONLY pix_charges
    ADD CONSTRAINT pix_charges_ledger_transaction_id_fkey FOREIGN KEY (ledger_transaction_id) REFERENCES ledger_transactions(id);

ALTER TABLE ONLY pix_charges
    ADD CONSTRAINT pix_charges_tenant_id_user_id_fkey FOREIGN KEY (tenant_id, user_id) REFERENCES users(tenant_id, id) ON DELETE CASCADE;

ALTER TABLE ONLY player_wallets
    ADD CONSTRAINT player_wallets_tenant_id_user_id_fkey FOREIGN KEY (tenant_id, user_id) REFERENCES users(tenant_id, id) ON DELETE CASCADE;

ALTER TABLE ONLY push_subscriptions
    ADD CONSTRAINT push_subscriptions_tenant_id_user_id_fkey FOREIGN KEY (tenant_id, user_id) REFERENCES users(tenant_id, id) ON DELETE CASCADE;

ALTER TABLE ONLY realtime_outbox
    ADD CONSTRAINT realtime_outbox_tenant_id_fkey FOREIGN KEY (tenant_id) REFERENCES tenants(id) ON DELETE CASCADE;

ALTER TABLE ONLY sessions
    ADD CONSTRAINT sessions_tenant_id_user_id_fkey FOREIGN KEY (tenant_id, user_id) REFERENCES users(tenant_id, id) ON DELETE CASCADE;

ALTER TABLE ONLY tenant_hosts
    ADD CONSTRAINT tenant_hosts_tenant_id_fkey FOREIGN KEY (tenant_id) REFERENCES tenants(id) ON DELETE CASCADE;

ALTER TABLE ONLY tenant_pages
    ADD CONSTRAINT tenant_pages_tenant_id_fkey FOREIGN KEY (tenant_id) REFERENCES tenants(id) ON DELETE CASCADE;

ALTER TABLE ONLY user_addresses
    ADD CONSTRAINT user_addresses_tenant_id_user_id_fkey FOREIGN KEY (tenant_id, user_id) REFERENCES users(tenant_id, id) ON DELETE CASCADE;

ALTER TABLE ONLY users
    ADD CONSTRAINT users_referred_by_fkey FOREIGN KEY (referred_by) REFERENCES users(id) ON DELETE SET NULL;

ALTER TABLE ONLY users
    ADD CONSTRAINT users_tenant_id_fkey FOREIGN KEY (tenant_id) REFERENCES tenants(id) ON DELETE CASCADE;

ALTER TABLE ONLY verification_codes
    ADD CONSTRAINT verification_codes_tenant_id_fkey FOREIGN KEY (tenant_id) REFERENCES tenants(id) ON DELETE CASCADE;

ALTER TABLE ONLY withdraw_methods
    ADD CONSTRAINT withdraw_methods_tenant_id_user_id_fkey FOREIGN KEY (tenant_id, user_id) REFERENCES users(tenant_id, id) ON DELETE CASCADE;

ALTER TABLE ONLY withdrawals
    ADD CONSTRAINT withdrawals_method_id_fkey FOREIGN KEY (method_id) REFERENCES withdraw_methods(id);

ALTER TABLE ONLY withdrawals
    ADD CONSTRAINT withdrawals_tenant_id_user_id_fkey FOREIGN KEY (tenant_id, user_id) REFERENCES users(tenant_id, id) ON DELETE CASCADE;
