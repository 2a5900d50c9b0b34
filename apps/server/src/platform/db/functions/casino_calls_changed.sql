-- Raised by casino_calls when a row changed after its checks read it: the server then runs the calls alone.

create or replace function casino_calls_changed() returns boolean language plpgsql as $$
begin
  raise exception 'casino_calls: a row changed after the checks read it; the calls are run alone'
    using errcode = 'SR412';
end $$;
