-- Betby, the sportsbook widget some tenants embed instead of the native book: Betby runs the book and calls our
-- wallet. A tenant's Betby settings (Betby's public key that signs its callbacks, the widget script's URL), one row
-- per Betby betslip stake (what later callbacks settle), and every callback's answer keyed by Betby's transaction
-- id, so a retried callback answers the first answer again and never moves money twice.
CREATE TABLE betby_settings (
    tenant_id bigint PRIMARY KEY REFERENCES tenants(id),
    -- SPKI PEM of the RS256 key Betby signs this brand's callbacks with.
    betby_public_key text NOT NULL,
    -- The BTRenderer script; null: the documented default.
    widget_url text,
    updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE betby_bets (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id bigint NOT NULL REFERENCES tenants(id),
    user_id bigint NOT NULL,
    -- Betby's id of the bet/make transaction: every later callback names the bet by it.
    bet_tx_id text NOT NULL CHECK (length(bet_tx_id) BETWEEN 1 AND 100),
    betslip_id text NOT NULL,
    amount bigint NOT NULL CHECK (amount > 0),
    -- Total odds x 10,000 and legs as Betby's betslip gave them (for the settled bet's event).
    odds bigint NOT NULL CHECK (odds >= 10000),
    legs integer NOT NULL CHECK (legs >= 1),
    committed boolean NOT NULL DEFAULT false,
    status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'won', 'lost', 'refunded', 'discarded')),
    -- Paid by the settlement in force, and Betby's transaction id of that settlement (what a rollback names).
    payout bigint NOT NULL DEFAULT 0 CHECK (payout >= 0),
    settlement_tx_id text,
    -- Bumped by each settlement and rollback: the ledger keys of a re-settlement differ from the first one's.
    settlement_version integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (tenant_id, bet_tx_id)
);
CREATE INDEX betby_bets_user ON betby_bets (tenant_id, user_id, id DESC);

CREATE TABLE betby_transactions (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id bigint NOT NULL REFERENCES tenants(id),
    -- Betby's transaction id (for bet/discard and bet/commit, which carry none: "discard:" / "commit:" + the bet's).
    tx_id text NOT NULL CHECK (length(tx_id) BETWEEN 1 AND 120),
    operation text NOT NULL,
    bet_tx_id text,
    user_id bigint,
    amount bigint NOT NULL DEFAULT 0,
    -- The first answer, replayed to a retry: HTTP status and body.
    http_status integer NOT NULL,
    response jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (tenant_id, tx_id)
);
