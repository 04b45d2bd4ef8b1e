-- Who unlocked what (issue 29), once per student and achievement: the run it was earned in (null for
-- the portal's own, which the server grants), the Dabloons the ledger paid for it (so a revoke takes
-- back exactly that), and a moderator's revoke (the reason is on its moderation_decisions row). A
-- revoked unlock stays, so the same achievement cannot be earned again and paid twice. Written only
-- by the RPCs, read through them: no grant to the API roles.

create table public.achievement_unlocks (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  achievement_id bigint not null references public.achievements (id) on delete cascade,
  run_id uuid,
  reward integer not null default 0,
  unlocked_at timestamptz not null default now(),
  revoked_at timestamptz,
  revoked_by uuid references auth.users (id) on delete set null,
  -- The badge shelf (public.set_badge_shelf): where on the student's profile it shows, 1 to 3, or nowhere.
  shelf smallint,
  constraint achievement_unlocks_user_achievement_key unique (user_id, achievement_id),
  constraint achievement_unlocks_shelf_range check (shelf between 1 and 3)
);
create unique index achievement_unlocks_shelf_idx on public.achievement_unlocks (user_id, shelf) where shelf is not null;
-- The per-minute limit of public.unlock_achievement counts a student's latest unlocks.
create index achievement_unlocks_user_unlocked_idx on public.achievement_unlocks (user_id, unlocked_at);
create index achievement_unlocks_achievement_idx on public.achievement_unlocks (achievement_id);

alter table public.achievement_unlocks enable row level security;

revoke all on table public.achievement_unlocks from anon, authenticated;
grant select, insert, update, delete on table public.achievement_unlocks to service_role;
revoke all on sequence public.achievement_unlocks_id_seq from anon, authenticated;
