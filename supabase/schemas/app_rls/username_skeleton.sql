-- What a username looks like, for telling look-alikes apart (issue 20: `aIice` was taken beside
-- `alice`). Usernames are ASCII letters, digits, _ and - (my_users_username_format), so the confusables
-- that matter are few and fixed, and no Unicode confusables library is needed: capital I and the digit
-- 1 read as a lowercase l, the digit 0 as the letter o, and after lowercasing, "rn" as "m" and "vv" as
-- "w". Two names with one skeleton cannot both exist, nor two that differ only in case (my_users.sql):
-- between them, `aIice`, `a1ice` and `ALICE` cannot sit beside `alice`. In app_rls because the unique index below calls
-- it for whoever writes a username (a student through the API, the service role): they need usage on
-- its schema and execute on it, which app_private never grants.

grant usage on schema app_rls to service_role;

create or replace function app_rls.username_skeleton(p_name text) returns text
language sql immutable strict set search_path = pg_catalog as $$
  select replace(replace(lower(translate(p_name, 'I10', 'llo')), 'rn', 'm'), 'vv', 'w')
$$;
revoke execute on function app_rls.username_skeleton(text) from public;
grant execute on function app_rls.username_skeleton(text) to authenticated, service_role;

create unique index my_users_username_skeleton_key on public.my_users (app_rls.username_skeleton(username));
