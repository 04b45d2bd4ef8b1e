-- Reference data tables: the apps catalogue, the shop's items and the battle-pass seasons and tiers.
-- Everyone, signed in or not, reads them; only the service role (operators, migrations) writes them,
-- because prices and rewards are what the money RPCs trust.

create table public.apps (
  id text primary key,
  title text not null unique,
  slug text not null unique,
  category text not null default 'game',
  description text not null default '',
  thumbnail text,
  url text not null,
  bundled boolean not null default false,
  created_at timestamptz not null default now(),
  constraint apps_id_format check (id ~ '^[a-z0-9][a-z0-9_-]{0,63}$'),
  constraint apps_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  constraint apps_title_length check (char_length(title) between 1 and 100),
  constraint apps_description_length check (char_length(description) <= 2000)
);

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
  battlepass_season integer,
  constraint shop_items_id_format check (id ~ '^[a-z0-9][a-z0-9_-]{0,63}$'),
  constraint shop_items_price_range check (price between 100 and 30000),
  constraint shop_items_rarity check (rarity in ('Common', 'Rare', 'Legendary', 'Exotic')),
  constraint shop_items_type check (type in ('special', 'background', 'cursor', 'badge', 'font', 'coin', 'icon')),
  constraint shop_items_asset_object check (jsonb_typeof(asset) = 'object'),
  -- Dabloon packs are bought with real-world means, never with coins: they are never listed.
  constraint shop_items_listed_buyable check (not listed or (price is not null and type <> 'coin')),
  constraint shop_items_coin_has_amount check (type <> 'coin' or price is not null)
);

create table public.battlepass_seasons (
  season integer primary key,
  name text not null,
  starts_at timestamptz not null,
  -- Exclusive: the season's last instant is just before ends_at.
  ends_at timestamptz not null,
  constraint battlepass_seasons_window check (starts_at < ends_at),
  constraint battlepass_seasons_positive check (season > 0)
);

alter table public.shop_items
  add constraint shop_items_battlepass_season_fkey
  foreign key (battlepass_season) references public.battlepass_seasons (season);

create table public.battlepass_tiers (
  season integer not null references public.battlepass_seasons (season) on delete cascade,
  tier integer not null,
  coins_required integer not null,
  item_id text not null references public.shop_items (id),
  primary key (season, tier),
  constraint battlepass_tiers_tier_positive check (tier > 0),
  constraint battlepass_tiers_coins_required check (coins_required between 0 and 100000000)
);

create index shop_items_battlepass_season_idx on public.shop_items (battlepass_season);
create index battlepass_tiers_item_id_idx on public.battlepass_tiers (item_id);

alter table public.apps enable row level security;
alter table public.shop_items enable row level security;
alter table public.battlepass_seasons enable row level security;
alter table public.battlepass_tiers enable row level security;

revoke all on table public.apps, public.shop_items, public.battlepass_seasons, public.battlepass_tiers
  from anon, authenticated;
grant select on table public.apps, public.shop_items, public.battlepass_seasons, public.battlepass_tiers
  to anon, authenticated;

create policy "anyone reads apps" on public.apps for select to anon, authenticated using (true);
create policy "anyone reads shop items" on public.shop_items for select to anon, authenticated using (true);
create policy "anyone reads seasons" on public.battlepass_seasons for select to anon, authenticated using (true);
create policy "anyone reads tiers" on public.battlepass_tiers for select to anon, authenticated using (true);
