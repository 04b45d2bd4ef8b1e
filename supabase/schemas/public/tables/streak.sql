-- The daily streak, written only by claim_streak; its owner reads it.

create table public.streak (
  user_id uuid primary key references auth.users (id) on delete cascade,
  current_streak integer not null default 0,
  longest_streak integer not null default 0,
  last_claim timestamptz,
  constraint streak_non_negative check (current_streak >= 0 and longest_streak >= current_streak)
);
-- Top streaks.
create index streak_current_streak_idx on public.streak (current_streak desc, last_claim);

alter table public.streak enable row level security;

revoke all on table public.streak from anon, authenticated;
grant select, insert, update, delete on table public.streak to service_role;
grant select on table public.streak to authenticated;

create policy "owner reads own streak" on public.streak
  for select to authenticated using (user_id = (select auth.uid()));
