-- What anyone may read of a profile. An owner-rights view reads my_users past its row level
-- security, but only these columns: no where_from, who_from or activity time, and no e-mail (that
-- lives in auth.users and is never joined). A streak whose last claim is more than 2 days old shows
-- as 0, as the client shows it, even before the next claim rewrites the row.
-- Writes are refused by the trigger of app_private/functions/public_profiles_read_only.sql.

create view public.public_profiles with (security_barrier) as
  select
    m.user_id,
    m.username,
    m.icon,
    m.created_at,
    case when s.last_claim >= now() - interval '2 days' then s.current_streak else 0 end as current_streak,
    m.longest_streak,
    m.apps_played,
    m.time_spent,
    m.user_about,
    m.badges
  from public.my_users m
  left join public.streak s on s.user_id = m.user_id;

-- Read-only for the API roles, whatever the default privileges granted.
revoke all on table public.public_profiles from anon, authenticated;
grant select on table public.public_profiles to service_role;
grant select on table public.public_profiles to anon, authenticated;
