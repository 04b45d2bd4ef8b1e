-- A creator's accounts on video platforms. Creator pages are public; only creators manage their own.

create table public.creator_socials (
  id bigint generated always as identity primary key,
  user_id uuid not null references public.creators (user_id) on delete cascade,
  platform text not null,
  handle text not null,
  constraint creator_socials_platform check (platform in ('youtube', 'tiktok', 'twitch', 'instagram', 'x', 'other')),
  constraint creator_socials_handle_length check (char_length(handle) between 1 and 100),
  constraint creator_socials_once unique (user_id, platform, handle),
  -- Handles are what a platform shows after its @ (or a channel id): letters, digits, _ . -
  constraint creator_socials_handle_format check (handle ~ '^[A-Za-z0-9_.-]+$')
);

alter table public.creator_socials enable row level security;

revoke all on table public.creator_socials from anon, authenticated;
grant select, insert, update, delete on table public.creator_socials to service_role;
revoke all on sequence public.creator_socials_id_seq from anon, authenticated;
grant select on table public.creator_socials to anon, authenticated;
grant delete on table public.creator_socials to authenticated;
grant insert (user_id, platform, handle), update (platform, handle) on table public.creator_socials to authenticated;

create policy "anyone reads creator socials" on public.creator_socials for select to anon, authenticated using (true);
create policy "creators add own socials" on public.creator_socials
  for insert to authenticated with check (
    user_id = (select auth.uid()) and exists (select 1 from public.creators c where c.user_id = (select auth.uid()))
  );
create policy "creators edit own socials" on public.creator_socials
  for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "creators delete own socials" on public.creator_socials
  for delete to authenticated using (user_id = (select auth.uid()));
