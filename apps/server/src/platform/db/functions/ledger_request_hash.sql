-- Money: this function belongs to the ledger module (modules/ledger); other modules reach it through its API.
-- sha256 of the canonical request, byte for byte what the TypeScript requestHash computes from
-- JSON.stringify([userId, type, reference, reversesId, fingerprint]) (fingerprint: already JSON text). Stable, not
-- immutable (convert_to is stable), so PostgreSQL inlines it.

create or replace function ledger_request_hash(p_user bigint, p_type text, p_reference text, p_reverses bigint,
    p_fingerprint text) returns text language sql stable as $$
  select encode(sha256(convert_to('[' || coalesce(p_user::text, 'null') || ',' || to_json(p_type)::text || ','
    || to_json(p_reference)::text || ',' || coalesce(p_reverses::text, 'null') || ',' || p_fingerprint || ']',
    'UTF8')), 'hex')
$$;
