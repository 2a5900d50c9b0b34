-- Wins follow the money staked: a provider's round keeps how much of its stakes came from the player's bonus, so
-- each win of the round is split between cash and bonus in the same proportion (ledger_credit_win). Both columns
-- stay null for a round staked all from cash (the common case: no byte more per round); casino_round_bonus writes
-- them. bonus_since is the ledger transaction of the round's first stake that took bonus money: a bonus removed
-- after it (forfeit, expiry, conversion) no longer receives the bonus part of a win.
alter table casino_rounds add column bonus_staked bigint, add column bonus_since bigint;
