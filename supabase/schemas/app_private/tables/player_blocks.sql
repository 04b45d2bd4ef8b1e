-- Classmates (issue 28): a student who blocked another. Blocking ends their friendship and any request
-- between them; while it stands, neither can ask the other to be friends or use the other's invite,
-- and the blocked student sees nothing of the blocker's presence. The blocked student is not told.

create table app_private.player_blocks (
  blocker uuid not null references auth.users (id) on delete cascade,
  blocked uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (blocker, blocked),
  constraint player_blocks_not_self check (blocker <> blocked)
);
-- "Has anyone blocked me?" is asked from the blocked side.
create index player_blocks_blocked_idx on app_private.player_blocks (blocked);
