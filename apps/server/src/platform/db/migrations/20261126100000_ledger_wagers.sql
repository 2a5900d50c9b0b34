-- What a player has wagered is a money figure, so it belongs to the ledger, which books every stake: one counter
-- row per player, kept by the ledger's own functions in the stake's statement (ledger_post). It leaves users, the
-- accounts module's table. It is not a column of player_wallets: a withdrawal locks the wallet row before the
-- balance, a stake the balance before its counter, and a row of its own keeps both orders free of deadlocks.
create table player_wagers (
    tenant_id bigint not null,
    user_id bigint not null,
    total_bet bigint default 0 not null,
    constraint player_wagers_pkey primary key (tenant_id, user_id),
    constraint player_wagers_total_bet_check check (total_bet >= 0)
);

insert into player_wagers (tenant_id, user_id, total_bet) select tenant_id, id, total_bet from users;

alter table users drop column total_bet;

-- The seamless-wallet functions are renamed for their owner, the providers module (functions/providers_*.sql);
-- each writes only the providers' tables and calls the casino's and the ledger's functions for the rest.
drop function if exists casino_bet_call(bigint, bigint, text, text, text, text, text, bigint);
drop function if exists casino_win_call(bigint, bigint, text, text, text, text, text, bigint, boolean);
drop function if exists casino_bet_open(bigint, bigint, text, text, text, text, text, bigint);
drop function if exists casino_win_open(bigint, bigint, text, text, text, text, text, bigint, boolean);
drop function if exists casino_calls(jsonb);
drop function if exists casino_calls_changed();
do $$
begin
  if to_regclass('db_functions') is not null then
    delete from db_functions
      where name in ('casino_bet_call', 'casino_win_call', 'casino_bet_open', 'casino_win_open', 'casino_calls',
        'casino_calls_changed');
  end if;
end $$;
