-- Classmates (issue 28): two students who agreed to be friends, or one who asked and waits for the
-- other. One row a pair, whoever asked: user_low < user_high, so a pair cannot ask each other twice
-- (asking back accepts). Reached only through the classmates RPCs (public.request_friend and the
-- rest); no API role can use app_private, and the public profile shows no friend list.

create table app_private.friendships (
  user_low uuid not null references auth.users (id) on delete cascade,
  user_high uuid not null references auth.users (id) on delete cascade,
  requested_by uuid not null,
  status text not null default 'pending',
  created_at timestamptz not null default now(),
  accepted_at timestamptz,
  primary key (user_low, user_high),
  constraint friendships_pair_ordered check (user_low < user_high),
  constraint friendships_requester_in_pair check (requested_by in (user_low, user_high)),
  constraint friendships_status check (status in ('pending', 'accepted')),
  constraint friendships_accepted_when check ((status = 'accepted') = (accepted_at is not null))
);
-- A student's friends are found from either side of the pair.
create index friendships_high_idx on app_private.friendships (user_high);
