-- Sportsbook (modules/sports): many domain events in one statement, each row exactly what platform/events'
-- publish() inserts, in the array's order. An event's settlement publishes one per bet it closes (thousands at once),
-- in the transaction that closes them. p_events is a JSON array of {tenant_id, user_id, name, payload}.

create or replace function sports_publish_many(p_events jsonb)
  returns bigint
  language sql
  as $$
  with written as (
    insert into event_log (tenant_id, user_id, name, payload)
      select (e.value ->> 'tenant_id')::bigint, (e.value ->> 'user_id')::bigint, e.value ->> 'name', e.value -> 'payload'
        from jsonb_array_elements(p_events) with ordinality as e(value, n)
        order by e.n
      returning 1
  )
  select count(*) from written
$$;
