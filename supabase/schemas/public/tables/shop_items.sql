-- The shop's items, battle-pass rewards and Dabloon packs. Everyone reads them; only the service
-- role writes them, because prices and rewards are what buy_item and claim_battlepass_tier trust.

create table public.shop_items (
  id text primary key,
  name text not null,
  description text not null default '',
  preview_emoji text not null default '',
  -- Null for what can only be earned (battle-pass rewards); for a Dabloon pack, the coins it holds.
  price integer,
  rarity text not null,
  created_at date not null default current_date,
  type text not null,
  asset jsonb not null default '{}'::jsonb,
  listed boolean not null default false,
  battlepass_season integer references public.battlepass_seasons (season),
  constraint shop_items_id_format check (id ~ '^[a-z0-9][a-z0-9_-]{0,63}$'),
  constraint shop_items_price_range check (price between 100 and 30000),
  constraint shop_items_rarity check (rarity in ('Common', 'Rare', 'Legendary', 'Exotic')),
  constraint shop_items_type check (type in ('special', 'background', 'cursor', 'badge', 'font', 'coin', 'icon')),
  constraint shop_items_asset_object check (jsonb_typeof(asset) = 'object'),
  -- Dabloon packs are bought with real-world means, never with coins: they are never listed.
  constraint shop_items_listed_buyable check (not listed or (price is not null and type <> 'coin')),
  constraint shop_items_coin_has_amount check (type <> 'coin' or price is not null)
);

create index shop_items_battlepass_season_idx on public.shop_items (battlepass_season);

alter table public.shop_items enable row level security;

revoke all on table public.shop_items from anon, authenticated;
grant select, insert, update, delete on table public.shop_items to service_role;
grant select on table public.shop_items to anon, authenticated;

create policy "anyone reads shop items" on public.shop_items for select to anon, authenticated using (true);
