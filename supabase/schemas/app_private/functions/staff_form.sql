-- How a username reads for telling it from a staff word inside it (issue 26, app_private.
-- my_users_text_guard): lower case, digits as the letters they stand for (0 o, 1 i, 3 e, 4 a, 5 s,
-- 7 t), l as i (l, I and 1 look alike), rn as m and vv as w.

create or replace function app_private.staff_form(p_name text) returns text
language sql immutable strict set search_path = pg_catalog as $$
  select replace(replace(translate(lower(p_name), '013457l', 'oieasti'), 'rn', 'm'), 'vv', 'w')
$$;
revoke execute on function app_private.staff_form(text) from public;
