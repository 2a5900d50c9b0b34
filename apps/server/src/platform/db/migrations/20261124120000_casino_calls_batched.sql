-- Casino (issue 6): concurrent provider calls share one statement. Under load, each bet or win was its own
-- statement: a round trip that wakes a backend, an executor start, a transaction and a commit (a WAL flush). On the
-- benchmark's two cores that per-call overhead, not the rows written, set the pace: four calls in one statement
-- ran about twice as many bet+win pairs a second as four statements (pgbench, the same functions).
--
-- casino_calls runs a batch of calls in order, each exactly as its own casino_bet_call / casino_win_call
-- (migration 20261124010000) would, inside its own subtransaction: a call that raises (SR410 a refusal to record,
-- SR402 a stake that does not fit, or anything else) is undone alone and reported by its SQLSTATE in err; the
-- calls before and after it stand. The statement commits them together, and the server answers none of them
-- before that commit (modules/providers/call-batch.ts). The server sends a batch only while earlier ones are in
-- flight (a call on an idle server goes alone, through casino_bet_call / casino_win_call directly), orders a
-- batch by tenant and player so two batches take players' rows in the same order, takes SR410 and SR402 on by
-- the transactional path as before, and reruns alone any call with another err and every call of a batch whose
-- statement failed.
--
-- p_calls: a JSON array of {op: 'bet'|'win', tenant, provider, code, token_hash, player, tx, round, amount, closed}.
-- One row per call, in the array's order (n from 1).

create function casino_calls(p_calls jsonb)
  returns table (n bigint, status text, user_id bigint, bonus_allowed boolean, prior jsonb, result jsonb, err text)
  language plpgsql
  set plan_cache_mode = force_generic_plan
  as $$
declare
  c record;
  o record;
begin
  for c in
    select x.*, k.n as ord
      from jsonb_array_elements(p_calls) with ordinality as k(v, n),
        jsonb_to_record(k.v) as x(op text, tenant bigint, provider bigint, code text, token_hash text, player text,
          tx text, round text, amount bigint, closed boolean)
  loop
    n := c.ord;
    status := null; user_id := null; bonus_allowed := null; prior := null; result := null; err := null;
    begin
      if c.op = 'bet' then
        o := casino_bet_call(c.tenant, c.provider, c.code, c.token_hash, c.player, c.tx, c.round, c.amount);
      elsif c.op = 'win' then
        o := casino_win_call(c.tenant, c.provider, c.code, c.token_hash, c.player, c.tx, c.round, c.amount,
          coalesce(c.closed, false));
      else
        raise exception 'casino_calls: unknown op %', c.op using errcode = '22023';
      end if;
      status := o.status; user_id := o.user_id; bonus_allowed := o.bonus_allowed; prior := o.prior;
      result := o.result;
    exception when others then
      err := sqlstate;
    end;
    return next;
  end loop;
end $$;
