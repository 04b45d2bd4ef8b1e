-- Battle-pass seasons: rows of data, never code (see "The Hollowed Pass" in supabase/README.md).
-- Reference data everyone reads and only the service role writes, because claim_battlepass_tier
-- trusts the windows.

create table public.battlepass_seasons (
  season integer primary key,
  name text not null,
  starts_at timestamptz not null,
  -- Exclusive: the season's last instant is just before ends_at.
  ends_at timestamptz not null,
  constraint battlepass_seasons_window check (starts_at < ends_at),
  constraint battlepass_seasons_positive check (season > 0)
);

alter table public.battlepass_seasons enable row level security;

revoke all on table public.battlepass_seasons from anon, authenticated;
grant select, insert, update, delete on table public.battlepass_seasons to service_role;
grant select on table public.battlepass_seasons to anon, authenticated;

create policy "anyone reads seasons" on public.battlepass_seasons for select to anon, authenticated using (true);
