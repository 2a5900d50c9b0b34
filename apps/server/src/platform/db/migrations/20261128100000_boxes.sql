-- Mystery boxes: a tenant's boxes, each with immutable published versions (price, sell-back price and a prize table
-- whose ticket ranges cover 1..100,000 exactly), the boxes players own (bought or granted), their provably fair
-- openings and the prizes won. Money itself lives in the ledger (keys "boxes:..."); these rows say what it is for.
CREATE TABLE boxes (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id bigint NOT NULL,
    -- The box's name in URLs (/casino/box/{name}): lower-case letters, digits and hyphens.
    name text NOT NULL CHECK (name ~ '^[a-z0-9][a-z0-9-]{0,59}$'),
    titles jsonb NOT NULL,
    descriptions jsonb NOT NULL DEFAULT '{}'::jsonb,
    -- A path under the site (/static/boxes/...) or an https URL.
    image text NOT NULL,
    status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'retired')),
    -- The version sold now; null until the first publish.
    live_version integer,
    sort integer NOT NULL DEFAULT 0,
    created_at timestamp with time zone NOT NULL DEFAULT now(),
    updated_at timestamp with time zone NOT NULL DEFAULT now(),
    UNIQUE (tenant_id, name)
);

CREATE TABLE box_versions (
    tenant_id bigint NOT NULL,
    box_id bigint NOT NULL REFERENCES boxes(id),
    version integer NOT NULL CHECK (version >= 1),
    price bigint NOT NULL CHECK (price > 0),
    -- What an unopened box of this version is bought back for (0: it cannot be sold).
    sell_price bigint NOT NULL CHECK (sell_price >= 0 AND sell_price <= price),
    -- Sum of probability x value / price, exact to 1e-6, fixed at publish.
    rtp_e6 bigint,
    published_at timestamp with time zone,
    created_at timestamp with time zone NOT NULL DEFAULT now(),
    PRIMARY KEY (box_id, version)
);

CREATE TABLE box_prizes (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id bigint NOT NULL,
    box_id bigint NOT NULL,
    version integer NOT NULL,
    position integer NOT NULL,
    names jsonb NOT NULL,
    kind text NOT NULL CHECK (kind IN ('cash', 'bonus', 'free_spins', 'collectible')),
    -- Centavos: credited (cash), the bonus offer's worth (bonus, free_spins), the sell-back value (collectible).
    value bigint NOT NULL CHECK (value > 0),
    ticket_from integer NOT NULL CHECK (ticket_from BETWEEN 1 AND 100000),
    ticket_to integer NOT NULL CHECK (ticket_to BETWEEN ticket_from AND 100000),
    -- The promotions offer granted by a bonus or free-spins prize.
    offer_id bigint,
    image text,
    rarity text NOT NULL DEFAULT 'common' CHECK (rarity IN ('common', 'uncommon', 'rare', 'epic', 'legendary')),
    FOREIGN KEY (box_id, version) REFERENCES box_versions(box_id, version),
    UNIQUE (box_id, version, position)
);

-- A published version is history: boxes already bought open with it, so neither it nor its prizes may change.
CREATE FUNCTION boxes_version_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    published timestamp with time zone;
BEGIN
    IF TG_TABLE_NAME = 'box_versions' THEN
        IF OLD.published_at IS NOT NULL THEN
            RAISE EXCEPTION 'box % version % is published and cannot change', OLD.box_id, OLD.version
                USING ERRCODE = 'SB409';
        END IF;
    ELSE
        SELECT v.published_at INTO published FROM box_versions v
            WHERE v.box_id = OLD.box_id AND v.version = OLD.version;
        IF published IS NOT NULL THEN
            RAISE EXCEPTION 'box % version % is published and its prizes cannot change', OLD.box_id, OLD.version
                USING ERRCODE = 'SB409';
        END IF;
    END IF;
    IF TG_OP = 'DELETE' THEN
        RETURN OLD;
    END IF;
    RETURN NEW;
END;
$$;

CREATE TRIGGER box_versions_frozen BEFORE UPDATE OR DELETE ON box_versions
    FOR EACH ROW EXECUTE FUNCTION boxes_version_frozen();
CREATE TRIGGER box_prizes_frozen BEFORE UPDATE OR DELETE ON box_prizes
    FOR EACH ROW EXECUTE FUNCTION boxes_version_frozen();

-- A purchase: one Idempotency-Key of the player, one debit, `quantity` boxes.
CREATE TABLE box_purchases (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id bigint NOT NULL,
    user_id bigint NOT NULL,
    idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 100),
    request_hash text NOT NULL,
    response jsonb,
    box_id bigint NOT NULL,
    version integer NOT NULL,
    quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 5),
    amount bigint NOT NULL CHECK (amount > 0),
    created_at timestamp with time zone NOT NULL DEFAULT now(),
    UNIQUE (tenant_id, user_id, idempotency_key)
);

-- A box a player owns: bought, or granted by a mission, a VIP level or the operator.
CREATE TABLE user_boxes (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id bigint NOT NULL,
    user_id bigint NOT NULL,
    box_id bigint NOT NULL,
    version integer NOT NULL,
    source text NOT NULL CHECK (source IN ('purchase', 'mission', 'vip', 'operator')),
    -- What granted or bought it, unique per tenant: a repeated grant finds the box it already made.
    source_key text NOT NULL,
    purchase_id bigint REFERENCES box_purchases(id),
    -- What the player paid for this box (0 when granted): the opening's bet.
    price_paid bigint NOT NULL CHECK (price_paid >= 0),
    status text NOT NULL DEFAULT 'unopened' CHECK (status IN ('unopened', 'opened', 'sold')),
    created_at timestamp with time zone NOT NULL DEFAULT now(),
    opened_at timestamp with time zone,
    sold_at timestamp with time zone,
    sold_for bigint,
    FOREIGN KEY (box_id, version) REFERENCES box_versions(box_id, version),
    UNIQUE (tenant_id, source_key)
);

CREATE INDEX user_boxes_owner ON user_boxes (tenant_id, user_id, status, box_id, id);

-- One opening of one box: the player's Originals seed pair and nonce, the ticket drawn and the prize it fell on.
CREATE TABLE box_openings (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id bigint NOT NULL,
    user_id bigint NOT NULL,
    user_box_id bigint NOT NULL UNIQUE REFERENCES user_boxes(id),
    box_id bigint NOT NULL,
    version integer NOT NULL,
    prize_id bigint NOT NULL REFERENCES box_prizes(id),
    seed_pair_id bigint NOT NULL,
    nonce bigint NOT NULL,
    ticket integer NOT NULL CHECK (ticket BETWEEN 1 AND 100000),
    bet bigint NOT NULL CHECK (bet >= 0),
    value bigint NOT NULL CHECK (value > 0),
    created_at timestamp with time zone NOT NULL DEFAULT now(),
    UNIQUE (seed_pair_id, nonce)
);

CREATE INDEX box_openings_user ON box_openings (tenant_id, user_id, id DESC);

-- A prize won: cash credited, an offer granted, or a collectible kept until sold back once.
CREATE TABLE user_prizes (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant_id bigint NOT NULL,
    user_id bigint NOT NULL,
    opening_id bigint NOT NULL UNIQUE REFERENCES box_openings(id),
    prize_id bigint NOT NULL REFERENCES box_prizes(id),
    kind text NOT NULL CHECK (kind IN ('cash', 'bonus', 'free_spins', 'collectible')),
    value bigint NOT NULL CHECK (value > 0),
    status text NOT NULL CHECK (status IN ('credited', 'granted', 'kept', 'sold')),
    created_at timestamp with time zone NOT NULL DEFAULT now(),
    sold_at timestamp with time zone
);

CREATE INDEX user_prizes_owner ON user_prizes (tenant_id, user_id, id DESC);
