-- The tiers of each season: coins to gain inside the season's window for each reward (an unlisted
-- shop item of that season). Everyone reads them; only the service role writes them.

create table public.battlepass_tiers (
  season integer not null references public.battlepass_seasons (season) on delete cascade,
  tier integer not null,
  coins_required integer not null,
  item_id text not null references public.shop_items (id),
  primary key (season, tier),
  constraint battlepass_tiers_tier_positive check (tier > 0),
  constraint battlepass_tiers_coins_required check (coins_required between 0 and 100000000)
);

create index battlepass_tiers_item_id_idx on public.battlepass_tiers (item_id);

alter table public.battlepass_tiers enable row level security;

revoke all on table public.battlepass_tiers from anon, authenticated;
grant select, insert, update, delete on table public.battlepass_tiers to service_role;
grant select on table public.battlepass_tiers to anon, authenticated;

create policy "anyone reads tiers" on public.battlepass_tiers for select to anon, authenticated using (true);
