-- What can be unlocked (issue 29): each game's declared achievements (app_id; games/<id>/achievements.ts
-- for the bundled ones, the catalogue import for an operator's) and the portal's own (app_id null,
-- src/domain/portalAchievements.ts), which only the server grants. code is the id the game's SDK call
-- names. The checks are those of src/domain/achievementDeclaration.ts. Read through
-- public.get_achievements, which hides a hidden one's words until it is unlocked: no grant to the API roles.

create table public.achievements (
  id bigint generated always as identity primary key,
  app_id text references public.apps (id) on delete cascade,
  code text not null,
  title text not null,
  description text not null,
  icon text not null,
  points integer not null,
  hidden boolean not null default false,
  stat text,
  threshold bigint,
  reward integer not null default 0,
  constraint achievements_app_code_key unique nulls not distinct (app_id, code),
  constraint achievements_code_format check (code ~ '^[a-z0-9][a-z0-9-]{0,47}$'),
  constraint achievements_title_length check (char_length(title) between 1 and 60),
  constraint achievements_description_length check (char_length(description) between 1 and 200),
  constraint achievements_icon_svg check (octet_length(icon) <= 2048 and icon like '<svg%</svg>'),
  constraint achievements_points_range check (points between 1 and 100),
  constraint achievements_reward_range check (reward between 0 and 500),
  constraint achievements_stat_threshold check ((stat is null) = (threshold is null) and (threshold is null or threshold between 1 and 1000000000))
);

alter table public.achievements enable row level security;

revoke all on table public.achievements from anon, authenticated;
grant select, insert, update, delete on table public.achievements to service_role;
revoke all on sequence public.achievements_id_seq from anon, authenticated;
