-- The native sportsbook's catalog: sport -> category (country) -> tournament -> event -> market -> outcome, per
-- tenant (each tenant's book prices with its own margins and is fed by its own feed adapter). Rows come from a feed
-- adapter (the simulated feed by default), identified by (feed, external_id) so a replayed feed message updates
-- rather than duplicates.
CREATE TABLE sports_sports (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id bigint NOT NULL REFERENCES tenants(id),
    slug text NOT NULL,
    name jsonb NOT NULL,
    sort integer NOT NULL DEFAULT 0,
    UNIQUE (tenant_id, slug)
);

CREATE TABLE sports_categories (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id bigint NOT NULL REFERENCES tenants(id),
    sport_id bigint NOT NULL REFERENCES sports_sports(id),
    slug text NOT NULL,
    name jsonb NOT NULL,
    -- ISO 3166 alpha-2, or null for an international category.
    country text,
    UNIQUE (tenant_id, sport_id, slug)
);

CREATE TABLE sports_tournaments (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id bigint NOT NULL REFERENCES tenants(id),
    category_id bigint NOT NULL REFERENCES sports_categories(id),
    slug text NOT NULL,
    name jsonb NOT NULL,
    feed text NOT NULL,
    external_id text NOT NULL,
    sort integer NOT NULL DEFAULT 0,
    UNIQUE (tenant_id, feed, external_id),
    UNIQUE (tenant_id, slug)
);

CREATE TABLE sports_competitors (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id bigint NOT NULL REFERENCES tenants(id),
    name text NOT NULL,
    abbreviation text NOT NULL,
    colors jsonb NOT NULL,
    feed text NOT NULL,
    external_id text NOT NULL,
    UNIQUE (tenant_id, feed, external_id)
);

CREATE TABLE sports_events (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id bigint NOT NULL REFERENCES tenants(id),
    tournament_id bigint NOT NULL REFERENCES sports_tournaments(id),
    home_id bigint NOT NULL REFERENCES sports_competitors(id),
    away_id bigint NOT NULL REFERENCES sports_competitors(id),
    starts_at timestamp with time zone NOT NULL,
    status text NOT NULL DEFAULT 'not_started'
        CHECK (status IN ('not_started', 'live', 'ended', 'closed', 'cancelled', 'postponed')),
    period text NOT NULL DEFAULT 'pre' CHECK (period IN ('pre', '1h', 'ht', '2h', 'ft')),
    minute integer NOT NULL DEFAULT 0,
    score_home integer NOT NULL DEFAULT 0,
    score_away integer NOT NULL DEFAULT 0,
    ht_home integer,
    ht_away integer,
    red_home integer NOT NULL DEFAULT 0,
    red_away integer NOT NULL DEFAULT 0,
    -- Goals and cards so far, in minute order (what the event page's timeline shows).
    incidents jsonb NOT NULL DEFAULT '[]',
    -- A dangerous moment: every market is suspended until this passes.
    bet_stop_until timestamp with time zone,
    -- The last message of the feed about this event; markets are suspended when it goes quiet.
    heartbeat_at timestamp with time zone,
    -- Pre-match model: expected goals, rho, first-half share (the simulator's and the pricer's input).
    rates jsonb,
    -- The simulated feed's seed: the same seed always plays the same match.
    seed bigint,
    feed text NOT NULL,
    external_id text NOT NULL,
    -- Final score as settled; null until a result is in.
    result_home integer,
    result_away integer,
    version integer NOT NULL DEFAULT 1,
    created_at timestamp with time zone NOT NULL DEFAULT now(),
    updated_at timestamp with time zone NOT NULL DEFAULT now(),
    UNIQUE (tenant_id, feed, external_id),
    CHECK (home_id <> away_id)
);

-- The lobby: open events by start time; live ones.
CREATE INDEX sports_events_open ON sports_events (tenant_id, starts_at) WHERE status IN ('not_started', 'live');
CREATE INDEX sports_events_tournament ON sports_events (tournament_id, starts_at);

CREATE TABLE sports_markets (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id bigint NOT NULL REFERENCES tenants(id),
    event_id bigint NOT NULL REFERENCES sports_events(id),
    kind text NOT NULL
        CHECK (kind IN ('1x2', 'double_chance', 'draw_no_bet', 'total', 'btts', 'asian_handicap', 'correct_score', 'ht_1x2')),
    -- '' or 'total=2.5' / 'hcp=-0.25': with kind, the market's identity within its event.
    specifiers text NOT NULL DEFAULT '',
    status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended', 'deactivated', 'settled', 'cancelled')),
    sort integer NOT NULL DEFAULT 0,
    version integer NOT NULL DEFAULT 1,
    updated_at timestamp with time zone NOT NULL DEFAULT now(),
    UNIQUE (event_id, kind, specifiers)
);

CREATE TABLE sports_outcomes (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id bigint NOT NULL REFERENCES tenants(id),
    market_id bigint NOT NULL REFERENCES sports_markets(id),
    -- The settlement key: '1', 'X', '2', '1X', 'over', 'under', 'yes', 'no', 'home', 'away', '2:1', 'other'.
    code text NOT NULL,
    sort integer NOT NULL DEFAULT 0,
    -- Decimal odds x 10,000; null when the outcome is not offered at this moment.
    odds integer CHECK (odds IS NULL OR odds >= 10000),
    -- Fair (de-margined) probability, for cash-out of accumulators.
    probability double precision NOT NULL DEFAULT 0,
    active boolean NOT NULL DEFAULT true,
    UNIQUE (market_id, code)
);

-- Per tenant book settings; a tenant without a row uses the defaults the sports module documents.
CREATE TABLE sports_settings (
    tenant_id bigint PRIMARY KEY REFERENCES tenants(id),
    -- Margin per market kind, overriding the defaults (e.g. {"1x2": 0.07}).
    margins jsonb NOT NULL DEFAULT '{}',
    min_stake bigint NOT NULL DEFAULT 100 CHECK (min_stake > 0),
    max_stake bigint NOT NULL DEFAULT 500000 CHECK (max_stake >= min_stake),
    max_payout bigint NOT NULL DEFAULT 10000000 CHECK (max_payout > 0),
    -- What the book may lose on one market: the most any one outcome's open bets would pay beyond their stakes.
    market_liability bigint NOT NULL DEFAULT 5000000 CHECK (market_liability > 0),
    live_delay_ms integer NOT NULL DEFAULT 5000 CHECK (live_delay_ms >= 0),
    updated_at timestamp with time zone NOT NULL DEFAULT now()
);
