-- Each student's results in two-player games (issue 28): wins, draws and losses per game, counted
-- when a game finishes (app_private.finish_match), whoever ends it. A game a moderator ended, and an
-- invite that was never played, count for no one. Shown on the profile (public.get_match_results):
-- numbers only, never whom they played.

create table app_private.match_results (
  user_id uuid not null references auth.users (id) on delete cascade,
  game text not null,
  wins integer not null default 0,
  draws integer not null default 0,
  losses integer not null default 0,
  primary key (user_id, game),
  constraint match_results_counts check (wins >= 0 and draws >= 0 and losses >= 0)
);
