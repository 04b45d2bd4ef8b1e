-- A play time as a student reads it in a refusal: "45 seconds", "3 minutes 10 seconds", "2 hours 5 minutes".

create or replace function app_private.play_time_text(p_ms bigint) returns text
language sql immutable set search_path = public as $$
  select case
    when s < 60 then s || case when s = 1 then ' second' else ' seconds' end
    when s < 3600 then (s / 60) || case when s / 60 = 1 then ' minute' else ' minutes' end
      || case when s % 60 = 0 then '' else ' ' || (s % 60) || case when s % 60 = 1 then ' second' else ' seconds' end end
    else (s / 3600) || case when s / 3600 = 1 then ' hour' else ' hours' end
      || case when s % 3600 / 60 = 0 then '' else ' ' || (s % 3600 / 60) || case when s % 3600 / 60 = 1 then ' minute' else ' minutes' end end
  end
  from (select greatest(0, p_ms) / 1000 as s) t
$$;
revoke execute on function app_private.play_time_text(bigint) from public;
