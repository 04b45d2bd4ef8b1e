-- Classmates (issue 28): when each student asked someone to be friends, made an invite, or tried an
-- invite code that did not work, over the last hour. The classmates RPCs count these rows
-- (app_private.friend_action_refusal): 20 requests and invites an hour, and 10 wrong codes an hour,
-- so a student can neither flood a class with requests nor guess codes. Rows older than an hour are
-- swept as new ones arrive (app_private.sweep_old_rows).

create table app_private.friend_actions (
  user_id uuid not null,
  action text not null,
  done_at timestamptz not null default now(),
  constraint friend_actions_action check (action in ('ask', 'wrong code'))
);
create index friend_actions_user_idx on app_private.friend_actions (user_id, action, done_at);
create index friend_actions_done_at_idx on app_private.friend_actions (done_at);
