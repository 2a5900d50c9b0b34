-- The CHECK constraints of the tables every bet writes become domains (issues 4, 6 and 7): the same rules, checked
-- at a fraction of the cost.
--
-- PostgreSQL 15 keeps a table's CHECK constraints as text, and an INSERT or UPDATE statement parses that text back
-- into expressions and plans them again each time it runs (ExecRelCheck: stringToNode, then expression_planner),
-- before checking its first row. A provider's bet and win write seven such tables between them; a profile of the
-- provider pairs on PostgreSQL put that re-parsing at a tenth of the database's time. A domain's constraints are
-- parsed once per connection (the type cache) and compiled straight into the statement's expressions.
--
-- Single-column rules become domains over the same base type (the wire type is the base type: clients see text
-- and bigint as before). The two rules that tie two columns become BEFORE triggers that fire only when one of
-- those columns is written (INSERT, or UPDATE OF the column): a balance change or a nonce step never fires them,
-- and a write that breaks them is refused with the same SQLSTATE (23514, check_violation).
--
-- The ALTERs rewrite the tables (a domain with a constraint is checked against every row): on a live database with
-- millions of rows this takes an exclusive lock for minutes, so run it in a maintenance window.

create domain sorte_centavos as bigint check (value >= 0);
create domain sorte_nonzero_centavos as bigint check (value <> 0);
create domain sorte_positive_centavos as bigint check (value > 0);
create domain sorte_nonnegative as bigint check (value >= 0);
create domain sorte_text_200 as text check (length(value) between 1 and 200);
create domain sorte_text_100 as text check (length(value) between 1 and 100);
create domain sorte_account_kind as text
  check (value in ('cash', 'bonus', 'pending', 'house', 'psp_clearing', 'promotions', 'payouts'));
create domain sorte_ledger_type as text
  check (value in ('deposit', 'withdraw', 'bonus', 'rollover', 'win', 'bet', 'refund', 'box', 'prize', 'cashback',
    'reversal', 'adjustment'));
create domain sorte_provider_tx_kind as text check (value in ('bet', 'win', 'rollback'));
create domain sorte_provider_tx_status as text check (value in ('ok', 'refused', 'rolled_back', 'tombstone'));
create domain sorte_round_status as text check (value in ('open', 'closed', 'rolled_back'));
create domain sorte_originals_game as text check (value in ('dice', 'limbo', 'mines', 'plinko', 'keno', 'slot'));
create domain sorte_originals_bet_status as text check (value in ('open', 'settled'));

-- Ledger.
alter table ledger_accounts drop constraint ledger_accounts_balance_check,
  drop constraint ledger_accounts_kind_check,
  drop constraint ledger_accounts_check,
  alter column balance type sorte_centavos,
  alter column kind type sorte_account_kind;

create function ledger_accounts_owner_check() returns trigger language plpgsql as $$
begin
  -- A player's account has a player; a system account (the house, PSP clearing, promotions, payouts) has none.
  if (new.user_id is null) <> (new.kind in ('house', 'psp_clearing', 'promotions', 'payouts')) then
    raise exception 'ledger account % of user % has the wrong owner for its kind', new.kind, new.user_id
      using errcode = '23514';
  end if;
  return new;
end $$;
create trigger ledger_accounts_owner before insert or update of user_id, kind on ledger_accounts
  for each row execute function ledger_accounts_owner_check();

alter table ledger_transactions drop constraint ledger_transactions_reference_check,
  drop constraint ledger_transactions_type_check,
  drop constraint ledger_transactions_idempotency_key_check,
  alter column reference type sorte_text_200,
  alter column type type sorte_ledger_type,
  alter column idempotency_key type sorte_text_200;

alter table ledger_entries drop constraint ledger_entries_amount_check,
  alter column amount type sorte_nonzero_centavos;

-- Casino.
alter table provider_transactions drop constraint provider_transactions_tx_id_check,
  drop constraint provider_transactions_amount_check,
  drop constraint provider_transactions_kind_check,
  drop constraint provider_transactions_status_check,
  alter column tx_id type sorte_text_100,
  alter column amount type sorte_centavos,
  alter column kind type sorte_provider_tx_kind,
  alter column status type sorte_provider_tx_status;

alter table casino_rounds drop constraint casino_rounds_status_check,
  alter column status type sorte_round_status;

-- Originals.
alter table originals_bets drop constraint originals_bets_nonce_check,
  drop constraint originals_bets_status_check,
  drop constraint originals_bets_payout_check,
  drop constraint originals_bets_amount_check,
  drop constraint originals_bets_game_check,
  drop constraint originals_bets_multiplier_e4_check,
  alter column nonce type sorte_nonnegative,
  alter column status type sorte_originals_bet_status,
  alter column payout type sorte_centavos,
  alter column amount type sorte_positive_centavos,
  alter column game type sorte_originals_game,
  alter column multiplier_e4 type sorte_nonnegative;

alter table originals_seed_pairs drop constraint originals_seed_pairs_nonce_check,
  drop constraint originals_seed_pairs_check,
  alter column nonce type sorte_nonnegative;

create function originals_seed_pairs_active_check() returns trigger language plpgsql as $$
begin
  -- The active pair is the one whose server seed is not revealed yet.
  if new.active is distinct from (new.revealed_at is null) then
    raise exception 'seed pair %: active must be exactly "not revealed"', new.id using errcode = '23514';
  end if;
  return new;
end $$;
create trigger originals_seed_pairs_active before insert or update of active, revealed_at on originals_seed_pairs
  for each row execute function originals_seed_pairs_active_check();
