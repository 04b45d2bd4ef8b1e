-- Classmates (issue 28): whether a student's friends may see when they are online, and what the portal
-- last said they were doing. Sharing is off until the student turns it on: the portal's students are
-- children at school, and what is visible of a child by default should be the least (the UK Age
-- Appropriate Design Code: high privacy by default). public.set_presence writes seen_at and the game
-- being played only while sharing is on and the portal is open and in view; friends read it through
-- public.get_classmates, and a blocked student never does.

create table app_private.presence (
  user_id uuid primary key references auth.users (id) on delete cascade,
  sharing boolean not null default false,
  -- The game being played at seen_at, or null on any other page.
  app_id text,
  seen_at timestamptz
);
