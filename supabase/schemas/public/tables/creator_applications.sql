-- Students asking for the creator tools (issue 20), decided at the moderation desk. A student has at
-- most one application waiting, reads only their own, and writes none directly: they apply and withdraw
-- through submit_creator_application and withdraw_creator_application, and moderators grant or decline
-- through decide_creator_application (app_private.apply_decision), which keeps the decision and its
-- reason in moderation_decisions. Rows are never deleted, so withdrawn and declined applications still
-- count towards the limits of app_private.creator_application_refusal.

create table public.creator_applications (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  -- What the student wants to make, trimmed, as the moderator reads it.
  pitch text not null,
  -- The channel the student makes videos on, if any, by the rules of creator_socials.
  platform text,
  handle text,
  status text not null default 'pending',
  created_at timestamptz not null default now(),
  -- When it stopped waiting (granted, declined or withdrawn); null while it waits.
  closed_at timestamptz,
  constraint creator_applications_pitch_length check (char_length(pitch) between 1 and 500),
  constraint creator_applications_status check (status in ('pending', 'granted', 'declined', 'withdrawn')),
  constraint creator_applications_closed check ((status = 'pending') = (closed_at is null)),
  constraint creator_applications_channel_whole check ((platform is null) = (handle is null)),
  constraint creator_applications_platform check (platform in ('youtube', 'tiktok', 'twitch', 'instagram', 'x', 'other')),
  constraint creator_applications_handle_format check (char_length(handle) between 1 and 100 and handle ~ '^[A-Za-z0-9_.-]+$')
);
-- One application waiting per student, whoever writes it.
create unique index creator_applications_one_waiting on public.creator_applications (user_id) where status = 'pending';
create index creator_applications_user_idx on public.creator_applications (user_id, created_at desc);
-- The desk's queue, oldest first, in its own order: the first 50 are read and no more.
create index creator_applications_waiting_idx on public.creator_applications (created_at, id) where status = 'pending';

alter table public.creator_applications enable row level security;

revoke all on table public.creator_applications from anon, authenticated;
grant select, insert, update, delete on table public.creator_applications to service_role;
revoke all on sequence public.creator_applications_id_seq from anon, authenticated;
grant select on table public.creator_applications to authenticated;

create policy "students read own creator applications" on public.creator_applications
  for select to authenticated using (user_id = (select auth.uid()));
