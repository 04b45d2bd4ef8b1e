-- Classmates (issue 28): a link or QR code that makes whoever opens it the owner's friend. A single
-- invite is for one classmate and lasts 7 days; a class invite is for a class shown it at once, up to
-- 40 students within a day. The code is 16 characters of 96 random bits (public.create_friend_invite):
-- not guessable, and public.redeem_friend_invite limits the wrong guesses a student may make. A student
-- holds at most 5 invites still usable. A moderator removes an abusive one by its id
-- (public.remove_friend_invite), which the desk's record names as the decision's subject.

create table app_private.friend_invites (
  code text primary key,
  owner uuid not null references auth.users (id) on delete cascade,
  for_class boolean not null,
  uses_left integer not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  id bigint generated always as identity,
  constraint friend_invites_code_format check (code ~ '^[A-Za-z0-9_-]{16}$'),
  constraint friend_invites_uses check (uses_left between 0 and 40),
  constraint friend_invites_id_key unique (id)
);
create index friend_invites_owner_idx on app_private.friend_invites (owner, expires_at);
-- For the sweep by age (app_private.sweep_old_rows): an invite is kept a day after it expires, then dropped.
create index friend_invites_expires_idx on app_private.friend_invites (expires_at);
