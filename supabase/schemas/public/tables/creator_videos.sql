-- A creator's videos, listed on their public page; operators feature some on /yt.

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
-- A game page lists the videos about its game (fetchGameVideos); removing a game clears app_id in them.
create index creator_videos_app_idx on public.creator_videos (app_id);

alter table public.creator_videos enable row level security;

revoke all on table public.creator_videos from anon, authenticated;
grant select, insert, update, delete on table public.creator_videos to service_role;
revoke all on sequence public.creator_videos_id_seq from anon, authenticated;
grant select on table public.creator_videos to anon, authenticated;
-- featured is chosen by operators, so it is not among the writable columns.
grant delete on table public.creator_videos to authenticated;
grant insert (social_id, title, url, app_id, description), update (title, url, app_id, description)
  on table public.creator_videos to authenticated;

create policy "anyone reads creator videos" on public.creator_videos for select to anon, authenticated using (true);
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
