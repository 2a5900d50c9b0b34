-- Settlement of the sportsbook's bets from results: what each event's settlement has reached, what each bet was
-- paid by its current settlement (a rollback reverses exactly that), and legs voided by a cancelled time window.
ALTER TABLE sports_events
    -- Bumped by every rollback: a corrected result settles again under new ledger keys.
    ADD COLUMN settlement_version integer NOT NULL DEFAULT 0,
    -- Every leg on the event has its result and every bet that could close has closed.
    ADD COLUMN settled_at timestamp with time zone,
    -- A rollback began and has not finished: the settlement job finishes it before anything settles again.
    ADD COLUMN rollback_pending boolean NOT NULL DEFAULT false;

-- The settlement job: ended or cancelled events not yet settled, and rollbacks to finish.
CREATE INDEX sports_events_to_settle ON sports_events (tenant_id, id)
    WHERE (status IN ('ended', 'cancelled') AND settled_at IS NULL) OR rollback_pending;

-- What the bet's current settlement paid (null while open): a rollback reverses this amount.
ALTER TABLE sports_bets ADD COLUMN settled_payout bigint CHECK (settled_payout IS NULL OR settled_payout >= 0);

-- A leg voided because its bet was placed in a cancelled time window (a goal reported wrongly): it stays void through
-- a rollback and a new result of the event.
ALTER TABLE sports_bet_legs ADD COLUMN cancel_reason text;

-- Settlement in batches walks an event's open bets in id order.
CREATE INDEX sports_bet_legs_event_bet ON sports_bet_legs (event_id, bet_id);
