-- Refer-a-friend: one row per registration that carried a referral code. A link refused for fraud stays recorded
-- (status refused, with its reason) for the operator; the referrer never sees it. A linked referral moves
-- registered -> qualifying -> review (CPA held until review_until) -> paid, or to rejected with a reason.
CREATE TABLE referrals (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id bigint NOT NULL REFERENCES tenants(id),
    referrer_id bigint NOT NULL,
    referred_id bigint NOT NULL,
    status text NOT NULL CHECK (status IN ('refused', 'registered', 'qualifying', 'review', 'paid', 'rejected')),
    -- Why a link was refused or a CPA rejected: self, same_cpf, same_device, same_address, program_off, operator.
    reason text,
    reason_note text,
    first_deposit bigint CHECK (first_deposit >= 0),
    wagered bigint NOT NULL DEFAULT 0 CHECK (wagered >= 0),
    cpa_amount bigint CHECK (cpa_amount > 0),
    qualified_at timestamp with time zone,
    review_until timestamp with time zone,
    paid_at timestamp with time zone,
    rejected_at timestamp with time zone,
    ledger_transaction_id bigint,
    created_at timestamp with time zone NOT NULL DEFAULT now(),
    updated_at timestamp with time zone NOT NULL DEFAULT now(),
    CONSTRAINT referrals_not_self CHECK (referrer_id <> referred_id),
    CONSTRAINT referrals_review_has_amount CHECK (status NOT IN ('review', 'paid') OR (cpa_amount IS NOT NULL AND review_until IS NOT NULL)),
    FOREIGN KEY (tenant_id, referrer_id) REFERENCES users(tenant_id, id),
    FOREIGN KEY (tenant_id, referred_id) REFERENCES users(tenant_id, id)
);

-- A player is referred at most once.
CREATE UNIQUE INDEX referrals_referred ON referrals (tenant_id, referred_id);
-- The referrer's list, newest first.
CREATE INDEX referrals_referrer ON referrals (tenant_id, referrer_id, id DESC) WHERE status <> 'refused';
-- The payout job's due rows.
CREATE INDEX referrals_due ON referrals (review_until) WHERE status = 'review';
