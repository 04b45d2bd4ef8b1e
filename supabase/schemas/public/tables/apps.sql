-- The apps catalogue. Like the other reference tables (shop_items, battlepass_seasons,
-- battlepass_tiers) everyone, signed in or not, reads it; only the service role (operators,
-- migrations) writes it. The bundled games ship as reference data: six in the baseline migration,
-- eight more in 20261124000100_bundled_games.sql.
-- An entry is retired, not deleted (20261126000400_retire_apps.sql): scores, plays and saves reference
-- it with on delete cascade, so deleting a game would take every student's history of it along. A
-- retired entry (retired_at set) is left out of the catalogue's lists; a bundled game's row is code and stays.

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
  retired_at timestamptz,
  constraint apps_id_format check (id ~ '^[a-z0-9][a-z0-9_-]{0,63}$'),
  constraint apps_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  constraint apps_title_length check (char_length(title) between 1 and 100),
  constraint apps_description_length check (char_length(description) <= 2000),
  constraint apps_bundled_not_retired check (not (bundled and retired_at is not null)),
  -- Every student's browser opens these (issue 26: the service role stored javascript: and data:
  -- addresses, which only the catalogue tool refused): a page is an http(s) address with a host and no
  -- user name, password or white space, or a bundled game's own page; a thumbnail is such an address
  -- or a path on this site.
  constraint apps_url_web_address check (
    url ~* '^https?://[^/?#@[:space:]]+([/?#][^[:space:]]*)?$'
    or (bundled and url ~ '^/games/[a-z0-9][a-z0-9_-]*/index\.html$')
  ),
  constraint apps_thumbnail_address check (
    thumbnail ~* '^https?://[^/?#@[:space:]]+([/?#][^[:space:]]*)?$'
    or thumbnail ~ '^/[^/\\[:space:]][^\\[:space:]]*$'
  )
);

alter table public.apps enable row level security;

revoke all on table public.apps from anon, authenticated;
grant select, insert, update, delete on table public.apps to service_role;
grant select on table public.apps to anon, authenticated;

create policy "anyone reads apps" on public.apps for select to anon, authenticated using (true);
