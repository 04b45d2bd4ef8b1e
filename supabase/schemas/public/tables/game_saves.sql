-- Game saves in the cloud (issue 18): one slot per student and game, so a game started on the school
-- Chromebook goes on at home. The device keeps its own copy first (IndexedDB, src/data/gameSaves.ts)
-- and sends it through the outbox with public.put_game_save, the only way to write here; the student
-- reads their own. version counts the writes, so a device can tell whether the slot moved on since the
-- copy it started from; device_id, device_label and saved_at say which device saved it and when (the
-- device's clock), for the student choosing between two copies. 32 KiB of JSON text at most
-- (SAVE_MAX_BYTES in src/domain/gameSdk.ts), and one slot per game in the catalogue, bound a student's rows.

create table public.game_saves (
  user_id uuid not null references auth.users (id) on delete cascade,
  app_id text not null references public.apps (id) on delete cascade,
  state text not null,
  version bigint not null default 1,
  device_id uuid not null,
  device_label text not null default '',
  saved_at timestamptz not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, app_id),
  constraint game_saves_state_size check (octet_length(state) <= 32768),
  constraint game_saves_device_label_length check (char_length(device_label) <= 60)
);

alter table public.game_saves enable row level security;

revoke all on table public.game_saves from anon, authenticated;
grant select, insert, update, delete on table public.game_saves to service_role;
grant select on table public.game_saves to authenticated;

create policy "owner reads own saves" on public.game_saves
  for select to authenticated using (user_id = (select auth.uid()));
