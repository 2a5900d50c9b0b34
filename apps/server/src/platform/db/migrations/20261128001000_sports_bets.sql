-- The sportsbook's bets: a slip (single or accumulator) with one leg per event, the cash-out quotes a player may
-- accept, and the book's exposure per outcome. Money itself lives in the ledger (keys "sports:bet:<id>:..."); these
-- rows say what the money is for and what settlement still owes.
CREATE TABLE sports_bets (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id bigint NOT NULL,
    user_id bigint NOT NULL,
    -- The player's Idempotency-Key and a hash of the body: a replay answers `response` again, another body is a 409.
    idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 100),
    request_hash text NOT NULL,
    response jsonb,
    kind text NOT NULL CHECK (kind IN ('single', 'multiple')),
    -- Stake still riding on the bet: a partial cash-out takes its share off.
    stake bigint NOT NULL CHECK (stake >= 0),
    original_stake bigint NOT NULL CHECK (original_stake > 0),
    -- Total odds x 10,000: the product of the legs' odds, rounded down.
    odds bigint NOT NULL CHECK (odds >= 10000),
    -- What `stake` pays if every leg wins, capped by `payout_cap`.
    potential_payout bigint NOT NULL CHECK (potential_payout >= 0),
    -- The tenant's max payout per bet when the bet was placed (settlement caps with it, not today's setting).
    payout_cap bigint NOT NULL CHECK (payout_cap > 0),
    accept_odds text NOT NULL CHECK (accept_odds IN ('none', 'higher', 'any')),
    status text NOT NULL DEFAULT 'open'
        CHECK (status IN ('pending', 'open', 'won', 'lost', 'void', 'cashed_out', 'cancelled', 'rejected')),
    -- Any leg taken in play: the bet waited for the live delay.
    live boolean NOT NULL DEFAULT false,
    -- Paid so far: settlement and cash-outs together.
    payout bigint NOT NULL DEFAULT 0 CHECK (payout >= 0),
    cashed_out bigint NOT NULL DEFAULT 0 CHECK (cashed_out >= 0),
    -- Bumped by every settlement and rollback, so each one's ledger keys are distinct and a replay is a no-op.
    settlement_version integer NOT NULL DEFAULT 0,
    -- Why a pending bet was rejected (a message code, localized when shown).
    reject_reason text,
    placed_at timestamp with time zone NOT NULL DEFAULT now(),
    -- End of the live delay: a pending bet is re-checked and accepted or rejected then.
    accept_at timestamp with time zone,
    settled_at timestamp with time zone,
    UNIQUE (tenant_id, user_id, idempotency_key)
);

-- My bets, newest first, open or settled.
CREATE INDEX sports_bets_user ON sports_bets (tenant_id, user_id, id DESC);
-- The live delay job: pending bets whose delay is over.
CREATE INDEX sports_bets_pending ON sports_bets (accept_at) WHERE status = 'pending';

CREATE TABLE sports_bet_legs (
    bet_id bigint NOT NULL REFERENCES sports_bets(id),
    tenant_id bigint NOT NULL,
    event_id bigint NOT NULL REFERENCES sports_events(id),
    market_id bigint NOT NULL REFERENCES sports_markets(id),
    outcome_id bigint NOT NULL REFERENCES sports_outcomes(id),
    -- Odds taken, x 10,000.
    odds integer NOT NULL CHECK (odds >= 10000),
    live boolean NOT NULL DEFAULT false,
    result text CHECK (result IN ('won', 'lost', 'void', 'half_won', 'half_lost')),
    -- Settlement factors: the void share (0, 0.5 or 1) and the dead-heat factor (1 unless tied places share).
    void_factor numeric NOT NULL DEFAULT 0,
    dead_heat_factor numeric NOT NULL DEFAULT 1,
    settled_version integer NOT NULL DEFAULT 0,
    PRIMARY KEY (bet_id, event_id)
);

-- Set-based settlement: every leg of a market's outcome, every leg of an event.
CREATE INDEX sports_bet_legs_outcome ON sports_bet_legs (outcome_id);
CREATE INDEX sports_bet_legs_event ON sports_bet_legs (event_id);

CREATE TABLE sports_cashout_quotes (
    -- Random, so a quote id cannot be guessed or enumerated.
    id text PRIMARY KEY,
    bet_id bigint NOT NULL REFERENCES sports_bets(id),
    tenant_id bigint NOT NULL,
    user_id bigint NOT NULL,
    -- For the whole stake left on the bet when quoted.
    amount bigint NOT NULL CHECK (amount >= 0),
    stake bigint NOT NULL CHECK (stake > 0),
    -- The odds of the bet's open legs when quoted: a move since then means the quote no longer stands.
    prices jsonb NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    -- Accepting a quote: its Idempotency-Key, body hash and first answer (a replay answers it again).
    used_at timestamp with time zone,
    idempotency_key text,
    request_hash text,
    response jsonb,
    created_at timestamp with time zone NOT NULL DEFAULT now()
);

CREATE INDEX sports_cashout_quotes_bet ON sports_cashout_quotes (bet_id);
CREATE UNIQUE INDEX sports_cashout_quotes_key ON sports_cashout_quotes (tenant_id, user_id, idempotency_key)
    WHERE idempotency_key IS NOT NULL;

-- The book's exposure: per outcome, what its open bets would pay beyond their stakes if it won (an accumulator counts
-- on each of its legs' outcomes). A market's liability is its largest outcome's; placement adds to these rows and
-- refuses past sports_settings.market_liability, settlement and cash-out take off.
CREATE TABLE sports_exposure (
    outcome_id bigint PRIMARY KEY REFERENCES sports_outcomes(id),
    tenant_id bigint NOT NULL,
    market_id bigint NOT NULL REFERENCES sports_markets(id),
    liability bigint NOT NULL DEFAULT 0,
    stakes bigint NOT NULL DEFAULT 0,
    bets integer NOT NULL DEFAULT 0
);

CREATE INDEX sports_exposure_market ON sports_exposure (market_id);
