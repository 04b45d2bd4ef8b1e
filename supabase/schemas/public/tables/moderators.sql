-- Moderators (issue 20): who works the desk at /moderate. Granted by an operator (service role), like
-- creators; a moderator reads only their own row, which is how the portal knows to show the desk.
-- Every moderator action is an RPC that checks this table itself (app_private.require_moderator).

create table public.moderators (
  user_id uuid primary key references auth.users (id) on delete cascade,
  granted_at timestamptz not null default now(),
  granted_by text not null default 'operator'
);

alter table public.moderators enable row level security;

revoke all on table public.moderators from anon, authenticated;
grant select, insert, update, delete on table public.moderators to service_role;
grant select on table public.moderators to authenticated;

create policy "moderators read own row" on public.moderators
  for select to authenticated using (user_id = (select auth.uid()));
