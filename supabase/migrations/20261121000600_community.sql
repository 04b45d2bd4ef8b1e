-- Tables the chat, creator and takedown features (issue #8) build on. Chat is for signed-in users;
-- creator status is granted by an operator (service role), and only creators manage their socials and
-- videos; takedown requests can be filed by anyone but read only by the service role.

create table public.chat_messages (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  body text not null,
  created_at timestamptz not null default now(),
  hidden boolean not null default false,
  constraint chat_messages_body_length check (char_length(btrim(body)) between 1 and 500)
);
create index chat_messages_created_idx on public.chat_messages (created_at desc);

create table public.chat_reports (
  id bigint generated always as identity primary key,
  message_id bigint not null references public.chat_messages (id) on delete cascade,
  reporter_id uuid not null references auth.users (id) on delete cascade,
  reason text not null default '',
  created_at timestamptz not null default now(),
  constraint chat_reports_reason_length check (char_length(reason) <= 500),
  constraint chat_reports_once_per_reporter unique (message_id, reporter_id)
);

create table public.creators (
  user_id uuid primary key references auth.users (id) on delete cascade,
  granted_at timestamptz not null default now(),
  granted_by text not null default 'operator'
);

create table public.creator_socials (
  id bigint generated always as identity primary key,
  user_id uuid not null references public.creators (user_id) on delete cascade,
  platform text not null,
  handle text not null,
  constraint creator_socials_platform check (platform in ('youtube', 'tiktok', 'twitch', 'instagram', 'x', 'other')),
  constraint creator_socials_handle_length check (char_length(handle) between 1 and 100),
  constraint creator_socials_once unique (user_id, platform, handle)
);

create table public.creator_videos (
  id bigint generated always as identity primary key,
  social_id bigint not null references public.creator_socials (id) on delete cascade,
  title text not null,
  url text not null,
  app_id text references public.apps (id) on delete set null,
  description text not null default '',
  featured boolean not null default false,
  created_at timestamptz not null default now(),
  constraint creator_videos_title_length check (char_length(title) between 1 and 200),
  constraint creator_videos_url_https check (url ~ '^https://[^\s]+$' and char_length(url) <= 500),
  constraint creator_videos_description_length check (char_length(description) <= 2000)
);
create index creator_videos_social_idx on public.creator_videos (social_id);

create table public.takedown_requests (
  id bigint generated always as identity primary key,
  name text not null,
  email text not null,
  url text not null,
  reason text not null,
  created_at timestamptz not null default now(),
  constraint takedown_requests_name_length check (char_length(name) between 1 and 200),
  constraint takedown_requests_email_format check (email ~ '^[^@\s]+@[^@\s]+$' and char_length(email) <= 320),
  constraint takedown_requests_url_length check (char_length(url) between 1 and 2000),
  constraint takedown_requests_reason_length check (char_length(reason) between 1 and 5000)
);

alter table public.chat_messages enable row level security;
alter table public.chat_reports enable row level security;
alter table public.creators enable row level security;
alter table public.creator_socials enable row level security;
alter table public.creator_videos enable row level security;
alter table public.takedown_requests enable row level security;

revoke all on table public.chat_messages, public.chat_reports, public.creators, public.creator_socials,
  public.creator_videos, public.takedown_requests from anon, authenticated;

-- Chat: hidden (moderated) messages disappear for everyone but their author.
grant select, delete on table public.chat_messages to authenticated;
grant insert (user_id, body) on table public.chat_messages to authenticated;
create policy "signed-in users read visible chat" on public.chat_messages
  for select to authenticated using (not hidden or user_id = (select auth.uid()));
create policy "users post as themselves" on public.chat_messages
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "authors delete own messages" on public.chat_messages
  for delete to authenticated using (user_id = (select auth.uid()));

grant select on table public.chat_reports to authenticated;
grant insert (message_id, reporter_id, reason) on table public.chat_reports to authenticated;
create policy "reporters read own reports" on public.chat_reports
  for select to authenticated using (reporter_id = (select auth.uid()));
create policy "users report as themselves" on public.chat_reports
  for insert to authenticated with check (reporter_id = (select auth.uid()));

-- Creator pages are public.
grant select on table public.creators, public.creator_socials, public.creator_videos to anon, authenticated;
create policy "anyone reads creators" on public.creators for select to anon, authenticated using (true);
create policy "anyone reads creator socials" on public.creator_socials for select to anon, authenticated using (true);
create policy "anyone reads creator videos" on public.creator_videos for select to anon, authenticated using (true);

grant delete on table public.creator_socials to authenticated;
grant insert (user_id, platform, handle), update (platform, handle) on table public.creator_socials to authenticated;
create policy "creators add own socials" on public.creator_socials
  for insert to authenticated with check (
    user_id = (select auth.uid()) and exists (select 1 from public.creators c where c.user_id = (select auth.uid()))
  );
create policy "creators edit own socials" on public.creator_socials
  for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "creators delete own socials" on public.creator_socials
  for delete to authenticated using (user_id = (select auth.uid()));

-- featured is chosen by operators, so it is not among the writable columns.
grant delete on table public.creator_videos to authenticated;
grant insert (social_id, title, url, app_id, description), update (title, url, app_id, description)
  on table public.creator_videos to authenticated;
create policy "creators add videos to own socials" on public.creator_videos
  for insert to authenticated with check (
    exists (select 1 from public.creator_socials s where s.id = social_id and s.user_id = (select auth.uid()))
  );
create policy "creators edit own videos" on public.creator_videos
  for update to authenticated
  using (exists (select 1 from public.creator_socials s where s.id = social_id and s.user_id = (select auth.uid())))
  with check (exists (select 1 from public.creator_socials s where s.id = social_id and s.user_id = (select auth.uid())));
create policy "creators delete own videos" on public.creator_videos
  for delete to authenticated using (
    exists (select 1 from public.creator_socials s where s.id = social_id and s.user_id = (select auth.uid()))
  );

-- Write-only for the public: a request carries a name and e-mail that must never be read back.
-- Clients insert with Prefer: return=minimal, since there is no select policy to return the row.
grant insert (name, email, url, reason) on table public.takedown_requests to anon, authenticated;
create policy "anyone files a takedown request" on public.takedown_requests
  for insert to anon, authenticated with check (true);
