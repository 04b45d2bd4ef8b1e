-- Baseline: the whole schema as it stood when the first 23 migrations (20261121000100 to
-- 20261122002200) were squashed into this one, before anything was deployed. It keeps the version
-- of the last of them, so a local data folder that had applied them all counts it as applied.
--
-- Part 1 is supabase/schemas, file by file in the order of schema_paths in supabase/config.toml
-- (each part starts with the file it came from): that folder is where each table, view, policy,
-- trigger and function lives, and tests/db holds the migrations to it. Part 2 is the reference data
-- every deployment needs. Later migrations change exactly what changed: see "Changing the SQL" in
-- supabase/README.md.

-- Part 1: the schema ----------------------------------------------------------------------------------

-- supabase/schemas/app_private/schema.sql ---------------------------------------------------------

-- Internal helpers of the RPCs live in app_private, a schema the API roles cannot use, so PostgREST
-- never exposes them; the security-definer RPCs call them with their owner's rights.

create schema if not exists app_private;
revoke all on schema app_private from public;

-- supabase/schemas/app_private/tables/chat_blocked_words.sql --------------------------------------

-- The words the chat masks (app_private.mask_blocked_words). Operators add or remove words with SQL
-- (service role); lowercase letters and digits only, so a word can go into a regular expression as
-- it is. The starting list ships as reference data in the baseline migration.

create table app_private.chat_blocked_words (
  word text primary key,
  constraint chat_blocked_words_format check (word ~ '^[a-z0-9]{2,40}$')
);

-- supabase/schemas/app_private/tables/mutation_kinds.sql ------------------------------------------

-- The outbox's batch entry point (public.apply_mutations) dispatches through this table instead of
-- an if-chain.
--
-- When it was an if-chain, every new outbox kind re-created the whole of apply_mutations (the batch
-- checks, the per-op subtransaction, the error capture) just to add one branch, and a migration that
-- copied an older body silently dropped kinds added in between. Now the loop is written once and a
-- new kind is one row. Each call is a statement with $1 = the op's args (jsonb) and $2 = its client
-- id (uuid) that yields one jsonb value. The table lives in app_private, which no API role can use,
-- so only migrations ever write the SQL that runs.
--
-- The rows are code, so they live here: a new kind is a row below plus the same insert in a migration.

create table app_private.mutation_kinds (
  kind text primary key,
  call text not null
);

insert into app_private.mutation_kinds (kind, call) values
  ('claim_streak', 'select public.claim_streak($2)'),
  ('record_app_played', $q$select public.record_app_played($1 ->> 'p_app_id', $2)$q$),
  ('increment_time_spent',
   $q$select public.increment_time_spent(($1 ->> 'user_id')::uuid, ($1 ->> 'increment_value')::integer, $2)$q$),
  ('buy_item', $q$select public.buy_item($1 ->> 'p_item_id', $2)$q$),
  ('set_item_equipped', $q$select public.set_item_equipped($1 ->> 'p_item_id', ($1 ->> 'p_equipped')::boolean, $2)$q$),
  ('claim_battlepass_tier',
   $q$select public.claim_battlepass_tier(($1 ->> 'p_season')::integer, ($1 ->> 'p_tier')::integer, $2)$q$),
  ('submit_score',
   $q$select jsonb_build_object('id', public.submit_score($1 ->> 'p_app_id', ($1 ->> 'p_score')::bigint, $2))$q$),
  ('update_profile',
   $q$select public.update_profile($1 ->> 'p_username', $1 ->> 'p_icon', $1 ->> 'p_user_about', $2)$q$),
  ('send_chat_message', $q$select public.send_chat_message($1 ->> 'p_body', $2)$q$)
on conflict (kind) do update set call = excluded.call;

-- supabase/schemas/public/tables/my_users.sql -----------------------------------------------------

-- Profiles. my_users holds both public fields (shown on leaderboards and profile pages) and private
-- ones (where_from, who_from, the last activity tick). Row level security keeps the table itself
-- owner-only; anyone else reads the public columns through the public_profiles view. A view works
-- with PostgREST like a table, and the owner's whole-row `select *` keeps working, which column
-- privileges alone would break. Stat columns are written only by the RPCs (security definer), so the
-- API roles get UPDATE on the editable columns only.
-- The icon is held to a default icon or an owned icon item by the trigger of
-- app_private/functions/my_users_icon_guard.sql.

create table public.my_users (
  user_id uuid primary key references auth.users (id) on delete cascade,
  username text not null,
  icon text not null default 'default_icon',
  created_at timestamptz not null default now(),
  current_streak integer not null default 0,
  longest_streak integer not null default 0,
  apps_played integer not null default 0,
  time_spent integer not null default 0,
  user_about text,
  badges text[] not null default '{}',
  where_from text,
  who_from text,
  last_tick_at timestamptz,
  constraint my_users_username_format check (username ~ '^[A-Za-z0-9_-]{3,20}$'),
  constraint my_users_icon_length check (char_length(icon) between 1 and 100),
  constraint my_users_user_about_length check (char_length(user_about) <= 500),
  constraint my_users_where_from_length check (char_length(where_from) <= 100),
  constraint my_users_who_from_length check (char_length(who_from) <= 100),
  constraint my_users_stats_non_negative check (
    current_streak >= 0 and longest_streak >= 0 and apps_played >= 0 and time_spent >= 0
  )
);

create unique index my_users_username_lower_key on public.my_users (lower(username));
-- Leaderboards: top time spent and top apps played.
create index my_users_time_spent_idx on public.my_users (time_spent desc);
create index my_users_apps_played_idx on public.my_users (apps_played desc);

alter table public.my_users enable row level security;

revoke all on table public.my_users from anon, authenticated;
grant select on table public.my_users to authenticated;
-- user_id is in both lists because PostgREST's upsert repeats every payload column in DO UPDATE SET;
-- the policies pin it to the caller, so it can never actually change.
grant insert (user_id, username, icon, user_about, where_from, who_from) on table public.my_users to authenticated;
grant update (user_id, username, icon, user_about, where_from, who_from) on table public.my_users to authenticated;

create policy "owner reads own profile" on public.my_users
  for select to authenticated using (user_id = (select auth.uid()));
create policy "owner creates own profile" on public.my_users
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "owner edits own profile" on public.my_users
  for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

-- supabase/schemas/public/tables/apps.sql ---------------------------------------------------------

-- The apps catalogue. Like the other reference tables (shop_items, battlepass_seasons,
-- battlepass_tiers) everyone, signed in or not, reads it; only the service role (operators,
-- migrations) writes it. The bundled games ship as reference data in the baseline migration.

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

alter table public.apps enable row level security;

revoke all on table public.apps from anon, authenticated;
grant select on table public.apps to anon, authenticated;

create policy "anyone reads apps" on public.apps for select to anon, authenticated using (true);

-- supabase/schemas/public/tables/battlepass_seasons.sql -------------------------------------------

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
grant select on table public.battlepass_seasons to anon, authenticated;

create policy "anyone reads seasons" on public.battlepass_seasons for select to anon, authenticated using (true);

-- supabase/schemas/public/tables/shop_items.sql ---------------------------------------------------

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
grant select on table public.shop_items to anon, authenticated;

create policy "anyone reads shop items" on public.shop_items for select to anon, authenticated using (true);

-- supabase/schemas/public/tables/battlepass_tiers.sql ---------------------------------------------

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
grant select on table public.battlepass_tiers to anon, authenticated;

create policy "anyone reads tiers" on public.battlepass_tiers for select to anon, authenticated using (true);

-- supabase/schemas/public/tables/coins_transactions.sql -------------------------------------------

-- The coin ledger: a balance is the sum of a user's rows. Like the other money and progress tables
-- (streak, items_unlocked, apps_played, client_mutations) owners read their own rows and nobody but
-- the security-definer RPCs writes them, so the API roles get SELECT only and there are no write
-- policies at all.

create table public.coins_transactions (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  amt integer not null,
  why text not null,
  created_at timestamptz not null default now(),
  constraint coins_transactions_amt_bounded check (amt between -1000000 and 1000000),
  constraint coins_transactions_why_length check (char_length(why) between 1 and 200)
);
-- Balance and per-season sums for one user.
create index coins_transactions_user_created_idx on public.coins_transactions (user_id, created_at);
-- "Coins this week": gains over a recent window, for everyone.
create index coins_transactions_gains_created_idx on public.coins_transactions (created_at, user_id)
  include (amt) where amt > 0;

alter table public.coins_transactions enable row level security;

revoke all on table public.coins_transactions from anon, authenticated;
grant select on table public.coins_transactions to authenticated;

create policy "owner reads own coins" on public.coins_transactions
  for select to authenticated using (user_id = (select auth.uid()));

-- supabase/schemas/public/tables/streak.sql -------------------------------------------------------

-- The daily streak, written only by claim_streak; its owner reads it.

create table public.streak (
  user_id uuid primary key references auth.users (id) on delete cascade,
  current_streak integer not null default 0,
  longest_streak integer not null default 0,
  last_claim timestamptz,
  constraint streak_non_negative check (current_streak >= 0 and longest_streak >= current_streak)
);
-- Top streaks.
create index streak_current_streak_idx on public.streak (current_streak desc, last_claim);

alter table public.streak enable row level security;

revoke all on table public.streak from anon, authenticated;
grant select on table public.streak to authenticated;

create policy "owner reads own streak" on public.streak
  for select to authenticated using (user_id = (select auth.uid()));

-- supabase/schemas/public/tables/items_unlocked.sql -----------------------------------------------

-- A user's collection of shop items, written only by the RPCs (buy_item, claim_battlepass_tier,
-- set_item_equipped); its owner reads it.

create table public.items_unlocked (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  item text not null references public.shop_items (id),
  type text not null,
  created_at timestamptz not null default now(),
  equipped boolean not null default false,
  constraint items_unlocked_user_item_key unique (user_id, item)
);
-- One worn item per type.
create unique index items_unlocked_one_equipped_per_type on public.items_unlocked (user_id, type) where equipped;

alter table public.items_unlocked enable row level security;

revoke all on table public.items_unlocked from anon, authenticated;
grant select on table public.items_unlocked to authenticated;

create policy "owner reads own items" on public.items_unlocked
  for select to authenticated using (user_id = (select auth.uid()));

-- supabase/schemas/public/tables/apps_played.sql --------------------------------------------------

-- One row per app a user has played, stamped with the last play; written only by record_app_played.
-- Its owner reads it; anyone sees a profile's recent plays through get_recent_plays.

-- References my_users (not auth.users) so PostgREST can embed the profile in "recent plays".
create table public.apps_played (
  id bigint generated always as identity primary key,
  user_id uuid not null references public.my_users (user_id) on delete cascade,
  app_id text not null references public.apps (id) on delete cascade,
  updated_at timestamptz not null default now(),
  constraint apps_played_user_app_key unique (user_id, app_id)
);
-- Recent plays of one user, newest first.
create index apps_played_user_updated_idx on public.apps_played (user_id, updated_at desc);

alter table public.apps_played enable row level security;

revoke all on table public.apps_played from anon, authenticated;
grant select on table public.apps_played to authenticated;

create policy "owner reads own plays" on public.apps_played
  for select to authenticated using (user_id = (select auth.uid()));

-- supabase/schemas/public/tables/client_mutations.sql ---------------------------------------------

-- The idempotency log of client mutations: the first result of each client-made id
-- (app_private.begin_mutation and finish_mutation), so a replayed action changes nothing.

create table public.client_mutations (
  user_id uuid not null references auth.users (id) on delete cascade,
  client_id uuid not null,
  kind text not null,
  -- Null only while the first application is still running inside its transaction.
  result jsonb,
  created_at timestamptz not null default now(),
  primary key (user_id, client_id)
);

alter table public.client_mutations enable row level security;

revoke all on table public.client_mutations from anon, authenticated;
grant select on table public.client_mutations to authenticated;

create policy "owner reads own mutations" on public.client_mutations
  for select to authenticated using (user_id = (select auth.uid()));

-- supabase/schemas/public/tables/leaderboard_submissions.sql --------------------------------------

-- High-score submissions. A submission only counts on the leaderboard once its proof image exists in
-- storage under 'submissions' as '{submission id}_{file name}' (see storage/submissions.sql). The
-- client may insert its own submission directly (as the spec's calls do) or through submit_score.
-- Withdrawing one (the upload-failed path) goes through delete_score_submission, which allows it only
-- while no proof is stored: a delete policy cannot check that, as the storage policies already read
-- this table.

create table public.leaderboard_submissions (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  app_id text not null references public.apps (id) on delete cascade,
  score bigint not null,
  created_at timestamptz not null default now(),
  constraint leaderboard_submissions_score_range check (score between 0 and 1000000000)
);
-- High scores of one app, best first.
create index leaderboard_submissions_app_score_idx on public.leaderboard_submissions (app_id, score desc);
create index leaderboard_submissions_user_idx on public.leaderboard_submissions (user_id);

alter table public.leaderboard_submissions enable row level security;

revoke all on table public.leaderboard_submissions from anon, authenticated;
grant select on table public.leaderboard_submissions to authenticated;
grant insert (user_id, app_id, score) on table public.leaderboard_submissions to authenticated;

create policy "owner reads own submissions" on public.leaderboard_submissions
  for select to authenticated using (user_id = (select auth.uid()));
create policy "owner submits own scores" on public.leaderboard_submissions
  for insert to authenticated with check (user_id = (select auth.uid()));

-- supabase/schemas/public/tables/chat_messages.sql ------------------------------------------------

-- The chat room (issue #8), for signed-in users. Every insert, through send_chat_message or straight
-- through the API, passes the trigger of app_private/functions/chat_messages_guard.sql (blocked
-- words masked, white space trimmed, 5 messages per 10 seconds per user); a reported message cannot
-- be deleted by its author (app_private/functions/chat_messages_keep_reported.sql). Hidden
-- (moderated) messages disappear for everyone but their author.

create table public.chat_messages (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  body text not null,
  created_at timestamptz not null default now(),
  hidden boolean not null default false,
  -- send_chat_message's idempotency key, so the offline outbox can resend a message whose answer was
  -- lost without posting it twice. The last column: it came after the others, and the column order
  -- is what `select *` and the generated types show.
  client_id uuid,
  constraint chat_messages_body_length check (char_length(btrim(body)) between 1 and 500)
);
create index chat_messages_created_idx on public.chat_messages (created_at desc);
-- NULL client ids (direct inserts) never collide.
create unique index chat_messages_client_once on public.chat_messages (user_id, client_id);
create index chat_messages_user_recent_idx on public.chat_messages (user_id, created_at desc);

alter table public.chat_messages enable row level security;

revoke all on table public.chat_messages from anon, authenticated;
grant select, delete on table public.chat_messages to authenticated;
grant insert (user_id, body) on table public.chat_messages to authenticated;

create policy "signed-in users read visible chat" on public.chat_messages
  for select to authenticated using (not hidden or user_id = (select auth.uid()));
create policy "users post as themselves" on public.chat_messages
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "authors delete own messages" on public.chat_messages
  for delete to authenticated using (user_id = (select auth.uid()));

-- supabase/schemas/public/tables/chat_reports.sql -------------------------------------------------

-- Reports of chat messages, for moderators (read by the service role, see supabase/README.md). A user
-- reports a message once and reads only their own reports.

create table public.chat_reports (
  id bigint generated always as identity primary key,
  message_id bigint not null references public.chat_messages (id) on delete cascade,
  reporter_id uuid not null references auth.users (id) on delete cascade,
  reason text not null default '',
  created_at timestamptz not null default now(),
  constraint chat_reports_reason_length check (char_length(reason) <= 500),
  constraint chat_reports_once_per_reporter unique (message_id, reporter_id)
);

alter table public.chat_reports enable row level security;

revoke all on table public.chat_reports from anon, authenticated;
grant select on table public.chat_reports to authenticated;
grant insert (message_id, reporter_id, reason) on table public.chat_reports to authenticated;

create policy "reporters read own reports" on public.chat_reports
  for select to authenticated using (reporter_id = (select auth.uid()));
create policy "users report as themselves" on public.chat_reports
  for insert to authenticated with check (reporter_id = (select auth.uid()));

-- supabase/schemas/public/tables/creators.sql -----------------------------------------------------

-- Creator status, granted by an operator (service role) and public: creator pages show it.

create table public.creators (
  user_id uuid primary key references auth.users (id) on delete cascade,
  granted_at timestamptz not null default now(),
  granted_by text not null default 'operator'
);

alter table public.creators enable row level security;

revoke all on table public.creators from anon, authenticated;
grant select on table public.creators to anon, authenticated;

create policy "anyone reads creators" on public.creators for select to anon, authenticated using (true);

-- supabase/schemas/public/tables/creator_socials.sql ----------------------------------------------

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

-- supabase/schemas/public/tables/creator_videos.sql -----------------------------------------------

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

alter table public.creator_videos enable row level security;

revoke all on table public.creator_videos from anon, authenticated;
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

-- supabase/schemas/public/tables/takedown_requests.sql --------------------------------------------

-- Takedown and account deletion requests (see /privacy): anyone files one, only the service role
-- reads them.

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

alter table public.takedown_requests enable row level security;

revoke all on table public.takedown_requests from anon, authenticated;

-- Write-only for the public: a request carries a name and e-mail that must never be read back.
-- Clients insert with Prefer: return=minimal, since there is no select policy to return the row.
grant insert (name, email, url, reason) on table public.takedown_requests to anon, authenticated;
create policy "anyone files a takedown request" on public.takedown_requests
  for insert to anon, authenticated with check (true);

-- supabase/schemas/public/views/public_profiles.sql -----------------------------------------------

-- What anyone may read of a profile. An owner-rights view reads my_users past its row level
-- security, but only these columns: no where_from, who_from or activity time, and no e-mail (that
-- lives in auth.users and is never joined). A streak whose last claim is more than 2 days old shows
-- as 0, as the client shows it, even before the next claim rewrites the row.
-- Writes are refused by the trigger of app_private/functions/public_profiles_read_only.sql.

create view public.public_profiles with (security_barrier) as
  select
    m.user_id,
    m.username,
    m.icon,
    m.created_at,
    case when s.last_claim >= now() - interval '2 days' then s.current_streak else 0 end as current_streak,
    m.longest_streak,
    m.apps_played,
    m.time_spent,
    m.user_about,
    m.badges
  from public.my_users m
  left join public.streak s on s.user_id = m.user_id;

-- Read-only for the API roles, whatever the default privileges granted.
revoke all on table public.public_profiles from anon, authenticated;
grant select on table public.public_profiles to anon, authenticated;

-- supabase/schemas/storage/submissions.sql --------------------------------------------------------

-- Who may store, read and remove a score's proof image in the private 'submissions' bucket (the
-- bucket itself, images only and 2 MiB at most, is a row of the baseline migration's reference
-- data; the storage API enforces size and type).
--
-- The object name must be '{id}_{file name}' with no folder, for a submission of the caller's own.
-- Comparing text (not casting the prefix) keeps a malformed name from raising instead of being refused.

create policy "submission owner uploads its proof" on storage.objects
  for insert to authenticated with check (
    bucket_id = 'submissions'
    and name ~ '^[0-9]+_[^/]+$'
    and exists (
      select 1 from public.leaderboard_submissions s
      where s.id::text = split_part(name, '_', 1) and s.user_id = (select auth.uid())
    )
  );
create policy "submission owner reads its proof" on storage.objects
  for select to authenticated using (
    bucket_id = 'submissions'
    and exists (
      select 1 from public.leaderboard_submissions s
      where s.id::text = split_part(name, '_', 1) and s.user_id = (select auth.uid())
    )
  );
create policy "submission owner deletes its proof" on storage.objects
  for delete to authenticated using (
    bucket_id = 'submissions'
    and exists (
      select 1 from public.leaderboard_submissions s
      where s.id::text = split_part(name, '_', 1) and s.user_id = (select auth.uid())
    )
  );

-- supabase/schemas/app_private/functions/active_streak.sql ----------------------------------------

-- The streak as the user has it now: one whose last claim is more than 2 days old has lapsed.

create or replace function app_private.active_streak(p_uid uuid) returns integer
language sql stable set search_path = public as $$
  select coalesce((
    select case when s.last_claim >= now() - interval '2 days' then s.current_streak else 0 end
    from public.streak s where s.user_id = p_uid
  ), 0)
$$;
revoke all on function app_private.active_streak(uuid) from public;

-- supabase/schemas/app_private/functions/balance.sql ----------------------------------------------

-- A user's coins: the sum of their ledger.

create or replace function app_private.balance(p_uid uuid) returns bigint
language sql stable set search_path = public as $$
  select coalesce(sum(amt), 0)::bigint from public.coins_transactions where user_id = p_uid
$$;
revoke all on function app_private.balance(uuid) from public;

-- supabase/schemas/app_private/functions/begin_mutation.sql ---------------------------------------

-- Idempotency, step 1: claim the client id for this call. Returns null when this call is the first
-- (go ahead), or the stored result of the earlier application (return it, apply nothing). A
-- concurrent first call holding the same id makes this wait until it commits or rolls back. A failed
-- call rolls its claim back with it, so a retry of a refused action is evaluated afresh.

create or replace function app_private.begin_mutation(p_uid uuid, p_client_id uuid, p_kind text) returns jsonb
language plpgsql set search_path = public as $$
declare
  v_kind text;
  v_result jsonb;
begin
  if p_client_id is null then
    raise exception 'p_client_id is required: a fresh uuid per action, reused only to retry it'
      using errcode = '22023';
  end if;
  insert into public.client_mutations (user_id, client_id, kind) values (p_uid, p_client_id, p_kind)
  on conflict (user_id, client_id) do nothing;
  if found then
    return null;
  end if;
  select kind, result into v_kind, v_result
  from public.client_mutations where user_id = p_uid and client_id = p_client_id;
  if v_kind <> p_kind then
    raise exception 'client id % was already used for %, not %', p_client_id, v_kind, p_kind
      using errcode = '22023';
  end if;
  return v_result;
end $$;
revoke all on function app_private.begin_mutation(uuid, uuid, text) from public;

-- supabase/schemas/app_private/functions/chat_messages_guard.sql ----------------------------------

-- Every insert into chat_messages, whether through send_chat_message or straight through the API,
-- passes this trigger: blocked words are masked, the body is trimmed of all white space (a blank
-- message is refused), and each user is held to 5 messages per 10 seconds.

create or replace function app_private.chat_messages_guard() returns trigger
language plpgsql security definer set search_path = public as $$
begin
  new.body := app_private.trim_white_space(app_private.mask_blocked_words(new.body));
  if new.body = '' then
    raise exception 'Write something before sending.' using errcode = '22023';
  end if;
  -- Two tabs of one user sending at once must not both slip under the limit.
  perform pg_advisory_xact_lock(hashtext('chat_rate:' || new.user_id::text));
  if (select count(*) from public.chat_messages m
      where m.user_id = new.user_id and m.created_at > now() - interval '10 seconds') >= 5 then
    raise exception 'You are sending messages too fast: at most 5 messages every 10 seconds. Wait a moment and try again.'
      using errcode = 'P0001';
  end if;
  return new;
end $$;
revoke execute on function app_private.chat_messages_guard() from public;

create trigger chat_messages_guard before insert on public.chat_messages
  for each row execute function app_private.chat_messages_guard();

-- supabase/schemas/app_private/functions/chat_messages_keep_reported.sql --------------------------

-- A reported message stays until an operator deals with it: when its author could delete it, the
-- report went with it (on delete cascade) and a moderator was left with nothing to review.
-- Unreported messages can still be deleted by their author, and an operator (no user in the request)
-- can still delete anything, including a whole account's messages.

create or replace function app_private.chat_messages_keep_reported() returns trigger
language plpgsql security definer set search_path = public as $$
begin
  if (select auth.uid()) is not null
     and exists (select 1 from public.chat_reports r where r.message_id = old.id) then
    raise exception 'This message was reported, so it stays until a moderator has looked at it.'
      using errcode = '42501';
  end if;
  return old;
end $$;
revoke execute on function app_private.chat_messages_keep_reported() from public;

create trigger chat_messages_keep_reported before delete on public.chat_messages
  for each row execute function app_private.chat_messages_keep_reported();

-- supabase/schemas/app_private/functions/create_profile.sql ---------------------------------------

-- A profile with a random short username and the default icon; retried on the rare name collision.

create or replace function app_private.create_profile(p_uid uuid) returns void
language plpgsql set search_path = public as $$
declare
  v_attempt integer := 0;
begin
  loop
    insert into public.my_users (user_id, username)
    values (p_uid, 'user_' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 10))
    on conflict do nothing;
    exit when exists (select 1 from public.my_users where user_id = p_uid);
    v_attempt := v_attempt + 1;
    if v_attempt >= 5 then
      raise exception 'Failed to get profile, and failed to create profile' using errcode = 'P0001';
    end if;
  end loop;
end $$;
revoke all on function app_private.create_profile(uuid) from public;

-- supabase/schemas/app_private/functions/finish_mutation.sql --------------------------------------

-- Idempotency, step 2: remember what the first application returned.

create or replace function app_private.finish_mutation(p_uid uuid, p_client_id uuid, p_result jsonb) returns jsonb
language sql set search_path = public as $$
  update public.client_mutations set result = p_result
  where user_id = p_uid and client_id = p_client_id
  returning result
$$;
revoke all on function app_private.finish_mutation(uuid, uuid, jsonb) from public;

-- supabase/schemas/app_private/functions/has_proof.sql --------------------------------------------

-- Whether a score submission's proof image is stored.

create or replace function app_private.has_proof(p_submission_id bigint) returns boolean
language sql stable set search_path = public as $$
  select exists (
    select 1 from storage.objects o
    where o.bucket_id = 'submissions' and split_part(o.name, '_', 1) = p_submission_id::text
  )
$$;
revoke all on function app_private.has_proof(bigint) from public;

-- supabase/schemas/app_private/functions/lock_profile.sql -----------------------------------------

-- Every money or progress change of a user first locks that user's profile row, so two concurrent
-- calls of one user run one after the other and the second sees what the first wrote.

create or replace function app_private.lock_profile(p_uid uuid) returns public.my_users
language plpgsql set search_path = public as $$
declare
  v_profile public.my_users;
begin
  select * into v_profile from public.my_users where user_id = p_uid for update;
  if not found then
    perform app_private.create_profile(p_uid);
    select * into v_profile from public.my_users where user_id = p_uid for update;
  end if;
  return v_profile;
end $$;
revoke all on function app_private.lock_profile(uuid) from public;

-- supabase/schemas/app_private/functions/mask_blocked_words.sql -----------------------------------

-- The body with every blocked word (whole word, any case) replaced by as many asterisks.

create or replace function app_private.mask_blocked_words(p_body text) returns text
language plpgsql stable set search_path = public as $$
declare
  v_word text;
  v_out text := p_body;
begin
  for v_word in select word from app_private.chat_blocked_words loop
    v_out := regexp_replace(v_out, '\m' || v_word || '\M', repeat('*', char_length(v_word)), 'gi');
  end loop;
  return v_out;
end $$;

-- supabase/schemas/app_private/functions/my_users_icon_guard.sql ----------------------------------

-- A profile's icon is a default icon or an icon item its owner has unlocked, whichever way it is written.
--
-- update_profile checks that, but my_users.icon is also granted to the API roles (PostgREST's profile
-- upsert repeats every column), so without this trigger a student could skip the RPC and send
-- `PATCH /rest/v1/my_users {"icon": "golden_duck_icon"}` to wear the 30000-Dabloon Golden Duck without
-- buying it. The trigger holds every way in (REST insert, update or upsert, the RPC, an operator's SQL)
-- to the same rule. An update is checked only when it changes the icon, so a profile whose icon
-- predates this rule can still edit its other fields.
-- The other writable profile columns carry no owned cosmetic: username, user_about, where_from and
-- who_from are free text bounded by check constraints, and badges and equipped items are not writable.

create or replace function app_private.my_users_icon_guard() returns trigger
language plpgsql security definer set search_path = public as $$
begin
  if tg_op = 'UPDATE' and new.icon is not distinct from old.icon then
    return new;
  end if;
  -- The same test as update_profile: default_* icons are free, any other icon must be owned.
  if new.icon !~ '^default_[a-z0-9_]{1,40}$' and not exists (
    select 1 from public.items_unlocked i where i.user_id = new.user_id and i.item = new.icon and i.type = 'icon'
  ) then
    raise exception 'You do not own that icon.' using errcode = 'P0001';
  end if;
  return new;
end $$;
revoke execute on function app_private.my_users_icon_guard() from public;

create trigger my_users_icon_guard before insert or update of icon on public.my_users
  for each row execute function app_private.my_users_icon_guard();

-- supabase/schemas/app_private/functions/public_profiles_read_only.sql ----------------------------

-- public_profiles is read-only for the API roles, but a view that joins two tables is not
-- automatically updatable, so PostgreSQL refused a student's `POST /rest/v1/public_profiles` with
-- 55000 ("cannot insert into view") before it ever checked privileges, and PostgREST answers 55000
-- with HTTP 500: a refused write looked like a server failure and was logged as one. INSTEAD OF
-- triggers make the view formally writable, so the privilege check comes first and the student gets
-- the 403 (42501) of any other read-only relation; the trigger itself refuses whoever does hold the
-- privilege.

create or replace function app_private.public_profiles_read_only() returns trigger
language plpgsql set search_path = public as $$
begin
  raise exception 'public_profiles is read-only: a profile changes through my_users or update_profile.'
    using errcode = '42501';
end $$;
revoke execute on function app_private.public_profiles_read_only() from public;

create trigger public_profiles_read_only instead of insert or update or delete on public.public_profiles
  for each row execute function app_private.public_profiles_read_only();

-- supabase/schemas/app_private/functions/require_uid.sql ------------------------------------------

-- Every user action starts here: no signed-in user, no action.

create or replace function app_private.require_uid() returns uuid
language plpgsql stable set search_path = public as $$
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is null then
    raise exception 'Hey! You Must Be Logged In To Do That!' using errcode = '42501';
  end if;
  return v_uid;
end $$;
revoke all on function app_private.require_uid() from public;

-- supabase/schemas/app_private/functions/reward.sql -----------------------------------------------

-- A reward: positive gains are doubled while the streak is running, and the reason says so.
-- Returns the amount actually credited.

create or replace function app_private.reward(p_uid uuid, p_amt integer, p_why text) returns integer
language plpgsql set search_path = public as $$
declare
  v_amt integer := p_amt;
  v_why text := p_why;
begin
  if p_amt > 0 and app_private.active_streak(p_uid) > 0 then
    v_amt := p_amt * 2;
    v_why := p_why || ' (streak bonus x2)';
  end if;
  insert into public.coins_transactions (user_id, amt, why) values (p_uid, v_amt, v_why);
  return v_amt;
end $$;
revoke all on function app_private.reward(uuid, integer, text) from public;

-- supabase/schemas/app_private/functions/trim_white_space.sql -------------------------------------

-- The white space of ECMAScript's trim: tab to carriage return, space, no-break space and the
-- Unicode space separators, line and paragraph separators, and the byte-order mark.
--
-- Chat used btrim, which strips spaces only, so a message of "\n\n" posted a blank message. Both ways
-- in (send_chat_message and a direct insert through the API) now trim every white space the page's
-- String.prototype.trim does.

create or replace function app_private.trim_white_space(p_text text) returns text
language sql immutable set search_path = pg_catalog as $$
  select regexp_replace(
    p_text,
    '^[\u0009-\u000d\u0020\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+|[\u0009-\u000d\u0020\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$',
    '', 'g')
$$;
revoke execute on function app_private.trim_white_space(text) from public;

-- supabase/schemas/app_private/functions/unlock_item.sql ------------------------------------------

-- Adds an item to the user's collection (equipped false). A badge also joins the profile's badges;
-- a Dabloon pack credits its coins as they are (a pack holds what it says, no streak bonus).

create or replace function app_private.unlock_item(p_uid uuid, p_item public.shop_items, p_why text) returns void
language plpgsql set search_path = public as $$
begin
  insert into public.items_unlocked (user_id, item, type) values (p_uid, p_item.id, p_item.type)
  on conflict (user_id, item) do nothing;
  if not found then
    raise exception 'Item not unlocked, You already have it' using errcode = 'P0001';
  end if;
  if p_item.type = 'badge' then
    update public.my_users set badges = array_append(badges, p_item.id)
    where user_id = p_uid and not (p_item.id = any (badges));
  elsif p_item.type = 'coin' then
    insert into public.coins_transactions (user_id, amt, why) values (p_uid, p_item.price, p_why);
  end if;
end $$;
revoke all on function app_private.unlock_item(uuid, public.shop_items, text) from public;

-- supabase/schemas/public/functions/apply_mutations.sql -------------------------------------------

-- The offline outbox's batch drain: one round trip for everything queued. Each operation runs in its
-- own subtransaction, so one refusal never undoes the others, and each keeps its own client id, so a
-- batch retried after a lost response applies nothing twice. The kinds and the call each makes are
-- rows of app_private.mutation_kinds (app_private/tables/mutation_kinds.sql), so this loop is
-- written once and a new kind never touches it.
--   p_ops:   [{ "id": uuid, "kind": "claim_streak" | ..., "args": { named args, without p_client_id } }]
--   returns: [{ "id", "ok": true, "result" } | { "id", "ok": false, "code": sqlstate, "message" }]

create or replace function public.apply_mutations(p_ops jsonb) returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_op jsonb;
  v_id uuid;
  v_args jsonb;
  v_call text;
  v_result jsonb;
  v_out jsonb := '[]'::jsonb;
  v_code text;
  v_message text;
begin
  if p_ops is null or jsonb_typeof(p_ops) <> 'array' then
    raise exception 'p_ops must be an array of operations' using errcode = '22023';
  end if;
  if jsonb_array_length(p_ops) > 100 then
    raise exception 'At most 100 operations per batch, got %', jsonb_array_length(p_ops) using errcode = '22023';
  end if;

  for v_op in select value from jsonb_array_elements(p_ops) loop
    -- Each op in its own subtransaction: one refusal never undoes the others.
    begin
      if jsonb_typeof(v_op) <> 'object' or coalesce(jsonb_typeof(v_op -> 'id'), '') <> 'string' then
        raise exception 'Each operation needs a uuid "id"' using errcode = '22023';
      end if;
      v_id := (v_op ->> 'id')::uuid;
      v_args := coalesce(v_op -> 'args', '{}'::jsonb);
      if jsonb_typeof(v_args) <> 'object' then
        raise exception '"args" must be an object' using errcode = '22023';
      end if;
      select k.call into v_call from app_private.mutation_kinds k where k.kind = v_op ->> 'kind';
      if v_call is null then
        raise exception 'Unknown operation kind: %', coalesce(v_op ->> 'kind', 'null') using errcode = '22023';
      end if;
      execute v_call into v_result using v_args, v_id;
      v_out := v_out || jsonb_build_array(jsonb_build_object('id', v_id, 'ok', true, 'result', v_result));
    exception when others then
      get stacked diagnostics v_code = returned_sqlstate, v_message = message_text;
      v_out := v_out || jsonb_build_array(jsonb_build_object(
        'id', v_op -> 'id', 'ok', false, 'code', v_code, 'message', v_message));
    end;
  end loop;
  return v_out;
end $$;
revoke execute on function public.apply_mutations(jsonb) from public, anon;
grant execute on function public.apply_mutations(jsonb) to authenticated, service_role;

-- supabase/schemas/public/functions/buy_item.sql --------------------------------------------------

-- A shop purchase at the server's price. Only listed items are for sale (Dabloon packs never are).

create or replace function public.buy_item(p_item_id text, p_client_id uuid) returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_result jsonb;
  v_item public.shop_items;
  v_balance bigint;
begin
  v_result := app_private.begin_mutation(v_uid, p_client_id, 'buy_item');
  if v_result is not null then
    return v_result;
  end if;
  select * into v_item from public.shop_items where id = p_item_id and listed and price is not null;
  if not found then
    raise exception 'item not found from consts' using errcode = 'P0001';
  end if;
  perform app_private.lock_profile(v_uid);

  if exists (select 1 from public.items_unlocked where user_id = v_uid and item = v_item.id) then
    raise exception 'Item not unlocked, You already have it' using errcode = 'P0001';
  end if;
  v_balance := app_private.balance(v_uid);
  if v_balance < v_item.price then
    raise exception 'not enough coins' using errcode = 'P0001';
  end if;

  insert into public.coins_transactions (user_id, amt, why) values (v_uid, -v_item.price, 'bought ' || v_item.id);
  perform app_private.unlock_item(v_uid, v_item, 'bought ' || v_item.id);

  v_result := jsonb_build_object(
    'item', v_item.id, 'type', v_item.type, 'price', v_item.price, 'coins', v_balance - v_item.price
  );
  return app_private.finish_mutation(v_uid, p_client_id, v_result);
end $$;
revoke execute on function public.buy_item(text, uuid) from public, anon;
grant execute on function public.buy_item(text, uuid) to authenticated, service_role;

-- supabase/schemas/public/functions/claim_battlepass_tier.sql -------------------------------------

-- A battle-pass reward: the season must have started, and the coins gained inside its window
-- [starts_at, ends_at) must reach the tier. A reward can be claimed after the season ends.

create or replace function public.claim_battlepass_tier(p_season integer, p_tier integer, p_client_id uuid) returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_result jsonb;
  v_season public.battlepass_seasons;
  v_tier public.battlepass_tiers;
  v_item public.shop_items;
  v_gained bigint;
begin
  v_result := app_private.begin_mutation(v_uid, p_client_id, 'claim_battlepass_tier');
  if v_result is not null then
    return v_result;
  end if;
  select * into v_season from public.battlepass_seasons where season = p_season;
  if not found then
    raise exception 'Unknown battle-pass season: %', coalesce(p_season::text, 'null') using errcode = '22023';
  end if;
  select * into v_tier from public.battlepass_tiers where season = p_season and tier = p_tier;
  if not found then
    raise exception 'Season % has no tier %', p_season, coalesce(p_tier::text, 'null') using errcode = '22023';
  end if;
  if now() < v_season.starts_at then
    raise exception 'This battle pass has not started yet.' using errcode = 'P0001';
  end if;
  perform app_private.lock_profile(v_uid);

  select coalesce(sum(amt), 0) into v_gained from public.coins_transactions
  where user_id = v_uid and amt > 0 and created_at >= v_season.starts_at and created_at < v_season.ends_at;
  if v_gained < v_tier.coins_required then
    raise exception 'Gain % more coins this season to reach tier %.', v_tier.coins_required - v_gained, p_tier
      using errcode = 'P0001';
  end if;

  select * into v_item from public.shop_items where id = v_tier.item_id;
  perform app_private.unlock_item(v_uid, v_item, 'battle pass season ' || p_season || ' tier ' || p_tier);

  v_result := jsonb_build_object('season', p_season, 'tier', p_tier, 'item', v_item.id, 'type', v_item.type);
  return app_private.finish_mutation(v_uid, p_client_id, v_result);
end $$;
revoke execute on function public.claim_battlepass_tier(integer, integer, uuid) from public, anon;
grant execute on function public.claim_battlepass_tier(integer, integer, uuid) to authenticated, service_role;

-- supabase/schemas/public/functions/claim_streak.sql ----------------------------------------------

-- The daily streak claim. Claim window: a claim is possible with no previous claim or when the last
-- one is MORE than 1 day old. The streak continues when the last claim is at most 2 days old, else it
-- restarts at 1. The 100 coins are doubled when the streak was running before this claim.

create or replace function public.claim_streak(p_client_id uuid) returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_result jsonb;
  v_old public.streak;
  v_new public.streak;
  v_coins integer;
  v_current integer;
begin
  v_result := app_private.begin_mutation(v_uid, p_client_id, 'claim_streak');
  if v_result is not null then
    return v_result;
  end if;
  perform app_private.lock_profile(v_uid);

  select * into v_old from public.streak where user_id = v_uid for update;
  if v_old.last_claim is not null and now() - v_old.last_claim <= interval '1 day' then
    raise exception 'You already claimed your streak today. Come back later!' using errcode = 'P0001';
  end if;

  v_coins := app_private.reward(v_uid, 100, 'streak claim');
  v_current := case
    when v_old.last_claim is not null and now() - v_old.last_claim <= interval '2 days' then v_old.current_streak + 1
    else 1
  end;

  insert into public.streak (user_id, current_streak, longest_streak, last_claim)
  values (v_uid, v_current, v_current, now())
  on conflict (user_id) do update set
    current_streak = excluded.current_streak,
    longest_streak = greatest(public.streak.longest_streak, excluded.current_streak),
    last_claim = excluded.last_claim
  returning * into v_new;

  update public.my_users
  set current_streak = v_new.current_streak, longest_streak = v_new.longest_streak
  where user_id = v_uid;

  v_result := jsonb_build_object(
    'current_streak', v_new.current_streak,
    'longest_streak', v_new.longest_streak,
    'last_claim', v_new.last_claim,
    'coins', v_coins
  );
  return app_private.finish_mutation(v_uid, p_client_id, v_result);
end $$;
revoke execute on function public.claim_streak(uuid) from public, anon;
grant execute on function public.claim_streak(uuid) to authenticated, service_role;

-- supabase/schemas/public/functions/delete_score_submission.sql -----------------------------------

-- The upload-failed path: withdraw one's own submission while no proof is stored for it.
-- An unknown submission (or someone else's) is a bad argument, 22023 (HTTP 400): it was P0002, which
-- PostgREST answers with HTTP 500 as it does every P0 code but P0001, so a student's bad argument
-- looked like a server failure.

create or replace function public.delete_score_submission(p_id bigint) returns void
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
begin
  perform 1 from public.leaderboard_submissions where id = p_id and user_id = v_uid for update;
  if not found then
    raise exception 'Score submission % not found.', coalesce(p_id::text, 'null') using errcode = '22023';
  end if;
  if app_private.has_proof(p_id) then
    raise exception 'This score already has its proof image and stays on the leaderboard.' using errcode = 'P0001';
  end if;
  delete from public.leaderboard_submissions where id = p_id;
end $$;
revoke execute on function public.delete_score_submission(bigint) from public, anon;
grant execute on function public.delete_score_submission(bigint) to authenticated, service_role;

-- supabase/schemas/public/functions/ensure_profile.sql --------------------------------------------

-- The caller's profile, created with a random name and the icon default_icon when missing.

create or replace function public.ensure_profile() returns public.my_users
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_profile public.my_users;
begin
  select * into v_profile from public.my_users where user_id = v_uid;
  if not found then
    perform app_private.create_profile(v_uid);
    select * into v_profile from public.my_users where user_id = v_uid;
  end if;
  return v_profile;
end $$;
revoke execute on function public.ensure_profile() from public, anon;
grant execute on function public.ensure_profile() to authenticated, service_role;

-- supabase/schemas/public/functions/get_app_high_scores.sql ---------------------------------------

-- Each user's best score for the app, for anyone, counting only submissions whose proof image is stored.

create or replace function public.get_app_high_scores(p_app_id text)
returns table (user_id uuid, username text, icon text, score bigint, submission_id bigint, created_at timestamptz)
language sql stable security definer set search_path = public as $$
  select b.user_id, m.username, m.icon, b.score, b.id, b.created_at
  from (
    select distinct on (s.user_id) s.user_id, s.score, s.id, s.created_at
    from public.leaderboard_submissions s
    where s.app_id = p_app_id and app_private.has_proof(s.id)
    order by s.user_id, s.score desc, s.created_at
  ) b
  join public.my_users m on m.user_id = b.user_id
  order by b.score desc, b.created_at, m.username
$$;
revoke execute on function public.get_app_high_scores(text) from public;
grant execute on function public.get_app_high_scores(text) to anon, authenticated, service_role;

-- supabase/schemas/public/functions/get_apps_ordered_by_title.sql ---------------------------------

-- The catalogue by title, for anyone.

create or replace function public.get_apps_ordered_by_title() returns setof public.apps
language sql stable set search_path = public as $$
  select * from public.apps order by title
$$;
revoke execute on function public.get_apps_ordered_by_title() from public;
grant execute on function public.get_apps_ordered_by_title() to anon, authenticated, service_role;

-- supabase/schemas/public/functions/get_apps_played_by_user.sql -----------------------------------

-- The top 5 by distinct apps played, for anyone, with public profile fields only; ties broken by username.

create or replace function public.get_apps_played_by_user()
returns table (user_id uuid, username text, icon text, apps_played integer)
language sql stable security definer set search_path = public as $$
  select m.user_id, m.username, m.icon, m.apps_played
  from public.my_users m
  where m.apps_played > 0
  order by m.apps_played desc, m.username
  limit 5
$$;
revoke execute on function public.get_apps_played_by_user() from public;
grant execute on function public.get_apps_played_by_user() to anon, authenticated, service_role;

-- supabase/schemas/public/functions/get_chat_messages.sql -----------------------------------------

-- The room as a signed-in user may see it (row level security applies: the caller's rights), with
-- each author's public name. Without p_since: the newest p_limit messages; with it: everything
-- newer, so a client can poll with a cursor. client_id is returned for the caller's own messages only.

create or replace function public.get_chat_messages(p_since timestamptz default null, p_limit integer default 50)
returns table (id bigint, user_id uuid, username text, icon text, body text, created_at timestamptz, client_id uuid)
language sql stable security invoker set search_path = public as $$
  select * from (
    select m.id, m.user_id, p.username, p.icon, m.body, m.created_at,
      case when m.user_id = (select auth.uid()) then m.client_id end as client_id
    from public.chat_messages m
    left join public.public_profiles p on p.user_id = m.user_id
    where p_since is null or m.created_at > p_since
    order by
      case when p_since is null then m.created_at end desc,
      case when p_since is null then m.id end desc,
      m.created_at asc, m.id asc
    limit least(greatest(coalesce(p_limit, 50), 1), 200)
  ) newest
  order by newest.created_at, newest.id
$$;
revoke execute on function public.get_chat_messages(timestamptz, integer) from public, anon;
grant execute on function public.get_chat_messages(timestamptz, integer) to authenticated, service_role;

-- supabase/schemas/public/functions/get_coin_amt.sql ----------------------------------------------

-- The caller's balance; for their owner alone.

create or replace function public.get_coin_amt(p_user_id uuid) returns bigint
language plpgsql stable security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
begin
  if p_user_id is distinct from v_uid then
    raise exception 'You can only read your own coins.' using errcode = '42501';
  end if;
  return app_private.balance(v_uid);
end $$;
revoke execute on function public.get_coin_amt(uuid) from public, anon;
grant execute on function public.get_coin_amt(uuid) to authenticated, service_role;

-- supabase/schemas/public/functions/get_coins_gained.for_user.sql ---------------------------------

-- Coins gained (positive amounts only) since start_date, for the caller: the battle-pass total.
-- The overload with only start_date is the public board (get_coins_gained.sql).

create or replace function public.get_coins_gained(p_user_id uuid, start_date timestamptz) returns bigint
language plpgsql stable security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
begin
  if p_user_id is distinct from v_uid then
    raise exception 'You can only read your own coins.' using errcode = '42501';
  end if;
  if start_date is null then
    raise exception 'start_date is required' using errcode = '22023';
  end if;
  return (
    select coalesce(sum(c.amt), 0)::bigint from public.coins_transactions c
    where c.user_id = v_uid and c.amt > 0 and c.created_at >= start_date
  );
end $$;
revoke execute on function public.get_coins_gained(uuid, timestamptz) from public, anon;
grant execute on function public.get_coins_gained(uuid, timestamptz) to authenticated, service_role;

-- supabase/schemas/public/functions/get_coins_gained.sql ------------------------------------------

-- The public "most coins gained" board since start_date (the client passes 7 days ago): the top 5,
-- ties broken by username so every caller sees the same order. The overload that also takes
-- p_user_id is the caller's own total (get_coins_gained.for_user.sql).

create or replace function public.get_coins_gained(start_date timestamptz)
returns table (user_id uuid, username text, icon text, amount bigint)
language sql stable security definer set search_path = public as $$
  select g.user_id, m.username, m.icon, g.amount
  from (
    select c.user_id, sum(c.amt)::bigint as amount
    from public.coins_transactions c
    where c.amt > 0 and c.created_at >= start_date
    group by c.user_id
  ) g
  join public.my_users m on m.user_id = g.user_id
  order by g.amount desc, m.username
  limit 5
$$;
revoke execute on function public.get_coins_gained(timestamptz) from public;
grant execute on function public.get_coins_gained(timestamptz) to anon, authenticated, service_role;

-- supabase/schemas/public/functions/get_leaderboard_data.sql --------------------------------------

-- A user's public stats and ranks, for anyone (spec section 7). Exactly one row for an existing
-- profile (none for an unknown user, so .single() reports PGRST116). Ranks count users strictly
-- ahead, so equal values share a rank.

create or replace function public.get_leaderboard_data(target_user_id uuid)
returns table (
  user_id uuid,
  username text,
  icon text,
  badges text[],
  current_streak integer,
  longest_streak integer,
  apps_played integer,
  time_spent integer,
  created_at timestamptz,
  streak_rank bigint,
  time_spent_rank bigint,
  apps_played_rank bigint
)
language sql stable security definer set search_path = public as $$
  with profiles as (
    select m.user_id, m.username, m.icon, m.badges, m.longest_streak, m.apps_played, m.time_spent, m.created_at,
           case when s.last_claim >= now() - interval '2 days' then s.current_streak else 0 end as current_streak
    from public.my_users m
    left join public.streak s on s.user_id = m.user_id
  )
  select t.user_id, t.username, t.icon, t.badges, t.current_streak, t.longest_streak, t.apps_played,
         t.time_spent, t.created_at,
         (select count(*) + 1 from profiles o where o.current_streak > t.current_streak),
         (select count(*) + 1 from public.my_users o where o.time_spent > t.time_spent),
         (select count(*) + 1 from public.my_users o where o.apps_played > t.apps_played)
  from profiles t
  where t.user_id = target_user_id
$$;
revoke execute on function public.get_leaderboard_data(uuid) from public;
grant execute on function public.get_leaderboard_data(uuid) to anon, authenticated, service_role;

-- supabase/schemas/public/functions/get_recent_plays.sql ------------------------------------------

-- The 6 most recent plays of a profile, newest first, found by username (ignoring case), for its
-- public page: apps_played itself is owner-only.

create or replace function public.get_recent_plays(p_username text)
returns table (app_id text, title text, updated_at timestamptz)
language sql stable security definer set search_path = public as $$
  select p.app_id, a.title, p.updated_at
  from public.my_users m
  join public.apps_played p on p.user_id = m.user_id
  join public.apps a on a.id = p.app_id
  where lower(m.username) = lower(p_username)
  order by p.updated_at desc, p.id desc
  limit 6
$$;
revoke execute on function public.get_recent_plays(text) from public;
grant execute on function public.get_recent_plays(text) to anon, authenticated, service_role;

-- supabase/schemas/public/functions/get_top_streaks.sql -------------------------------------------

-- The top 5 running streaks, for anyone, with public profile fields only; ties broken by username.

create or replace function public.get_top_streaks()
returns table (user_id uuid, username text, icon text, current_streak integer)
language sql stable security definer set search_path = public as $$
  select s.user_id, m.username, m.icon, s.current_streak
  from public.streak s
  join public.my_users m on m.user_id = s.user_id
  where s.current_streak > 0 and s.last_claim >= now() - interval '2 days'
  order by s.current_streak desc, m.username
  limit 5
$$;
revoke execute on function public.get_top_streaks() from public;
grant execute on function public.get_top_streaks() to anon, authenticated, service_role;

-- supabase/schemas/public/functions/get_top_time_spent.sql ----------------------------------------

-- The top 5 by time spent, for anyone, with public profile fields only; ties broken by username.

create or replace function public.get_top_time_spent()
returns table (user_id uuid, username text, icon text, time_spent integer)
language sql stable security definer set search_path = public as $$
  select m.user_id, m.username, m.icon, m.time_spent
  from public.my_users m
  where m.time_spent > 0
  order by m.time_spent desc, m.username
  limit 5
$$;
revoke execute on function public.get_top_time_spent() from public;
grant execute on function public.get_top_time_spent() to anon, authenticated, service_role;

-- supabase/schemas/public/functions/increment_time_spent.sql --------------------------------------

-- The periodic activity tick: +5 minutes of time spent and +5 coins, at most once per 5 minutes.
-- The spec's parameter names are kept, so the body refers to them qualified by the function name.

create or replace function public.increment_time_spent(user_id uuid, increment_value integer, p_client_id uuid default null)
returns jsonb
language plpgsql security definer set search_path = public as $$
#variable_conflict use_column
declare
  v_uid uuid := app_private.require_uid();
  v_result jsonb;
  v_profile public.my_users;
  v_coins integer;
begin
  if increment_time_spent.user_id is distinct from v_uid then
    raise exception 'You can only add time to your own profile.' using errcode = '42501';
  end if;
  if increment_value is null or increment_value <> 5 then
    raise exception 'increment_value must be 5' using errcode = '22023';
  end if;
  if p_client_id is not null then
    v_result := app_private.begin_mutation(v_uid, p_client_id, 'increment_time_spent');
    if v_result is not null then
      return v_result;
    end if;
  end if;

  v_profile := app_private.lock_profile(v_uid);
  if v_profile.last_tick_at is not null and now() - v_profile.last_tick_at < interval '5 minutes' then
    raise exception 'Time spent was already counted less than 5 minutes ago.' using errcode = 'P0001';
  end if;

  update public.my_users m
  set time_spent = m.time_spent + 5, last_tick_at = now()
  where m.user_id = v_uid
  returning * into v_profile;
  v_coins := app_private.reward(v_uid, 5, 'time spent');

  v_result := jsonb_build_object('time_spent', v_profile.time_spent, 'coins', v_coins);
  if p_client_id is not null then
    perform app_private.finish_mutation(v_uid, p_client_id, v_result);
  end if;
  return v_result;
end $$;
revoke execute on function public.increment_time_spent(uuid, integer, uuid) from public, anon;
grant execute on function public.increment_time_spent(uuid, integer, uuid) to authenticated, service_role;

-- supabase/schemas/public/functions/is_creator.sql ------------------------------------------------

-- Whether the signed-in user has been granted creator tools.

create or replace function public.is_creator() returns boolean
language sql stable security invoker set search_path = public as $$
  select exists (select 1 from public.creators c where c.user_id = (select auth.uid()))
$$;
grant execute on function public.is_creator() to anon, authenticated, service_role;

-- supabase/schemas/public/functions/record_app_played.sql -----------------------------------------

-- An app was opened: its row in apps_played is (re)stamped, the profile counts the distinct apps
-- played, and the play earns 1 coin (2 while a streak runs).
--
-- The coin is paid at most 300 times in any 24 hours. Without a cap, a student scripting the RPC
-- minted 200 coins in 200 requests, a Golden Duck's 30000 in a few minutes, where every other reward
-- is bounded (one streak claim a day, one time tick per 5 minutes). 300 is far more games than a
-- student opens in a day, so scripting earns at most 600 coins a day. Later plays are still recorded
-- (apps_played and the profile's count move as before) but answer coins 0 and add no ledger row.
-- Counting runs under the profile lock, so concurrent calls cannot slip past the cap together.
--
-- Draining a long offline session sends hundreds of these through apply_mutations, and each one cost
-- about 0.35 ms of SQL. Measured piece by piece, the largest share (about a third) was rewriting the
-- profile's apps_played count on every play, although it only changes on the first play of an app:
-- apps_played is indexed for the leaderboard, so every such write is a full row version plus an entry
-- in each of the profile's indexes. So the count is written only when it differs from the locked
-- profile row. It is still recomputed (and returned) on every call, so a count that drifted (an app
-- removed from the catalogue) is corrected by the next play. A play of an app already stamped with
-- this transaction's now() (the same app again in one batch) skips the identical re-stamp: same
-- value, no new row version.

create or replace function public.record_app_played(p_app_id text, p_client_id uuid) returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_result jsonb;
  v_before integer;
  v_count integer;
  v_coins integer := 0;
begin
  v_result := app_private.begin_mutation(v_uid, p_client_id, 'record_app_played');
  if v_result is not null then
    return v_result;
  end if;
  if not exists (select 1 from public.apps where id = p_app_id) then
    raise exception 'Unknown app: %', coalesce(p_app_id, 'null') using errcode = '22023';
  end if;
  v_before := (app_private.lock_profile(v_uid)).apps_played;

  insert into public.apps_played (user_id, app_id, updated_at) values (v_uid, p_app_id, now())
  on conflict (user_id, app_id) do update set updated_at = excluded.updated_at
  where apps_played.updated_at is distinct from excluded.updated_at;
  select count(*) into v_count from public.apps_played where user_id = v_uid;
  if v_count is distinct from v_before then
    update public.my_users set apps_played = v_count where user_id = v_uid;
  end if;
  -- app_private.reward writes 'app played', or 'app played (streak bonus x2)' while a streak runs.
  if (select count(*) from public.coins_transactions c
      where c.user_id = v_uid and c.created_at > now() - interval '24 hours'
        and c.why in ('app played', 'app played (streak bonus x2)')) < 300 then
    v_coins := app_private.reward(v_uid, 1, 'app played');
  end if;

  v_result := jsonb_build_object('app_id', p_app_id, 'apps_played', v_count, 'coins', v_coins);
  return app_private.finish_mutation(v_uid, p_client_id, v_result);
end $$;
revoke execute on function public.record_app_played(text, uuid) from public, anon;
grant execute on function public.record_app_played(text, uuid) to authenticated, service_role;

-- supabase/schemas/public/functions/send_chat_message.sql -----------------------------------------

-- Posts a chat message (issue #8) with an idempotency key, so the offline outbox can resend a message
-- whose answer was lost without posting it twice. The body is trimmed of every white space the page's
-- String.prototype.trim strips (app_private.trim_white_space); the insert then passes the chat
-- trigger (app_private.chat_messages_guard: blocked words, rate limit) like a direct insert does.

create or replace function public.send_chat_message(p_body text, p_client_id uuid) returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_body text := app_private.trim_white_space(coalesce(p_body, ''));
  v_row public.chat_messages;
begin
  if p_client_id is null then
    raise exception 'p_client_id is required' using errcode = '22023';
  end if;
  select * into v_row from public.chat_messages where user_id = v_uid and client_id = p_client_id;
  if found then
    return jsonb_build_object('id', v_row.id, 'body', v_row.body, 'created_at', v_row.created_at, 'client_id', v_row.client_id);
  end if;
  if v_body = '' then
    raise exception 'Write something before sending.' using errcode = '22023';
  end if;
  if char_length(v_body) > 500 then
    raise exception 'Messages can be at most 500 characters (this one has %).', char_length(v_body) using errcode = '22023';
  end if;
  insert into public.chat_messages (user_id, body, client_id) values (v_uid, v_body, p_client_id)
    returning * into v_row;
  return jsonb_build_object('id', v_row.id, 'body', v_row.body, 'created_at', v_row.created_at, 'client_id', v_row.client_id);
end $$;
revoke execute on function public.send_chat_message(text, uuid) from public, anon;
grant execute on function public.send_chat_message(text, uuid) to authenticated, service_role;

-- supabase/schemas/public/functions/set_item_equipped.sql -----------------------------------------

-- Wear or take off an owned cursor, background or font; wearing one takes off the other of its type.

create or replace function public.set_item_equipped(p_item_id text, p_equipped boolean, p_client_id uuid) returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_result jsonb;
  v_owned public.items_unlocked;
begin
  if p_equipped is null then
    raise exception 'p_equipped must be true or false' using errcode = '22023';
  end if;
  v_result := app_private.begin_mutation(v_uid, p_client_id, 'set_item_equipped');
  if v_result is not null then
    return v_result;
  end if;
  perform app_private.lock_profile(v_uid);

  select * into v_owned from public.items_unlocked where user_id = v_uid and item = p_item_id for update;
  if not found then
    if not exists (select 1 from public.shop_items where id = p_item_id) then
      raise exception 'item not found from consts' using errcode = 'P0001';
    end if;
    raise exception 'You do not own that item.' using errcode = 'P0001';
  end if;
  if p_equipped and v_owned.type not in ('cursor', 'background', 'font') then
    raise exception 'Only cursors, backgrounds and fonts can be equipped.' using errcode = 'P0001';
  end if;

  if p_equipped then
    update public.items_unlocked set equipped = false
    where user_id = v_uid and type = v_owned.type and item <> v_owned.item and equipped;
  end if;
  update public.items_unlocked set equipped = p_equipped where id = v_owned.id;

  v_result := jsonb_build_object('item', v_owned.item, 'type', v_owned.type, 'equipped', p_equipped);
  return app_private.finish_mutation(v_uid, p_client_id, v_result);
end $$;
revoke execute on function public.set_item_equipped(text, boolean, uuid) from public, anon;
grant execute on function public.set_item_equipped(text, boolean, uuid) to authenticated, service_role;

-- supabase/schemas/public/functions/submit_score.sql ----------------------------------------------

-- A high-score submission; it shows on the leaderboard once its proof image is uploaded.

create or replace function public.submit_score(p_app_id text, p_score bigint, p_client_id uuid) returns bigint
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_result jsonb;
  v_id bigint;
begin
  if p_score is null or p_score < 0 or p_score > 1000000000 then
    raise exception 'The score must be a whole number from 0 to 1,000,000,000.' using errcode = '22023';
  end if;
  if not exists (select 1 from public.apps where id = p_app_id) then
    raise exception 'Unknown app: %', coalesce(p_app_id, 'null') using errcode = '22023';
  end if;
  v_result := app_private.begin_mutation(v_uid, p_client_id, 'submit_score');
  if v_result is not null then
    return (v_result ->> 'id')::bigint;
  end if;
  perform app_private.lock_profile(v_uid);
  insert into public.leaderboard_submissions (user_id, app_id, score) values (v_uid, p_app_id, p_score)
  returning id into v_id;
  perform app_private.finish_mutation(v_uid, p_client_id, jsonb_build_object('id', v_id));
  return v_id;
end $$;
revoke execute on function public.submit_score(text, bigint, uuid) from public, anon;
grant execute on function public.submit_score(text, bigint, uuid) to authenticated, service_role;

-- supabase/schemas/public/functions/update_profile.sql --------------------------------------------

-- Editing the public part of one's own profile (username, icon, about text) as an idempotent RPC, so
-- an edit made offline can wait in the outbox and be replayed safely.
-- Arguments left null keep their current value; an empty about text clears it. A taken username
-- (compared ignoring case), a malformed one, an over-long about text or an icon that is neither a
-- default icon nor an icon item the user owns is refused with the text the user sees, and nothing
-- changes.

create or replace function public.update_profile(
  p_username text, p_icon text, p_user_about text, p_client_id uuid
) returns jsonb
language plpgsql security definer set search_path = public as $$
declare
  v_uid uuid := app_private.require_uid();
  v_result jsonb;
  v_profile public.my_users;
begin
  v_result := app_private.begin_mutation(v_uid, p_client_id, 'update_profile');
  if v_result is not null then
    return v_result;
  end if;
  v_profile := app_private.lock_profile(v_uid);

  if p_username is not null then
    if p_username !~ '^[A-Za-z0-9_-]{3,20}$' then
      raise exception 'Usernames are 3 to 20 letters, digits, _ or -.' using errcode = 'P0001';
    end if;
    if exists (select 1 from public.my_users where lower(username) = lower(p_username) and user_id <> v_uid) then
      raise exception 'That username is already taken. Please choose another one.' using errcode = 'P0001';
    end if;
  end if;
  if p_user_about is not null and char_length(p_user_about) > 500 then
    raise exception 'The about text can be at most 500 characters.' using errcode = 'P0001';
  end if;
  if p_icon is not null and p_icon !~ '^default_[a-z0-9_]{1,40}$' and not exists (
    select 1 from public.items_unlocked where user_id = v_uid and item = p_icon and type = 'icon'
  ) then
    raise exception 'You do not own that icon.' using errcode = 'P0001';
  end if;

  begin
    update public.my_users set
      username = coalesce(p_username, username),
      icon = coalesce(p_icon, icon),
      user_about = case when p_user_about is null then user_about else nullif(p_user_about, '') end
    where user_id = v_uid
    returning * into v_profile;
  exception when unique_violation then
    -- Two students racing for one name: the loser hears the same as if it had been taken before.
    raise exception 'That username is already taken. Please choose another one.' using errcode = 'P0001';
  end;

  return app_private.finish_mutation(v_uid, p_client_id, jsonb_build_object(
    'username', v_profile.username, 'icon', v_profile.icon, 'user_about', v_profile.user_about));
end $$;
revoke execute on function public.update_profile(text, text, text, uuid) from public, anon;
grant execute on function public.update_profile(text, text, text, uuid) to authenticated, service_role;

-- Part 2: reference data --------------------------------------------------------------------------

-- Reference data: the six games bundled with the portal (served from /games/<id>/, precached for
-- offline play). Hosted deployments need them too, so they ship as a migration; inserts skip rows
-- that exist, so an operator's later edits survive.

insert into public.apps (id, title, slug, category, description, thumbnail, url, bundled) values
  ('2048', '2048', '2048', 'puzzle', 'Slide the tiles and merge equal numbers until you reach 2048.',
   '/games/2048/thumb.svg', '/games/2048/index.html', true),
  ('snake', 'Snake', 'snake', 'arcade', 'Eat, grow longer, and never bite your own tail.',
   '/games/snake/thumb.svg', '/games/snake/index.html', true),
  ('minesweeper', 'Minesweeper', 'minesweeper', 'puzzle', 'Clear the field without touching a mine; the numbers tell you how many are near.',
   '/games/minesweeper/thumb.svg', '/games/minesweeper/index.html', true),
  ('breakout', 'Breakout', 'breakout', 'arcade', 'Bounce the ball off your paddle and break every brick.',
   '/games/breakout/thumb.svg', '/games/breakout/index.html', true),
  ('flappy', 'Flappy Hollow', 'flappy-hollow', 'arcade', 'Flap through the gaps of a haunted hollow.',
   '/games/flappy/thumb.svg', '/games/flappy/index.html', true),
  ('memory', 'Memory Match', 'memory-match', 'puzzle', 'Turn the cards two at a time and find every pair.',
   '/games/memory/thumb.svg', '/games/memory/index.html', true)
on conflict do nothing;

-- Reference data: the static shop catalogue (51 items) and the battle-pass seasons 1 and 2 with
-- their tiers. Prices and rewards are what buy_item and claim_battlepass_tier trust, and hosted
-- deployments need them, so they ship as a migration. Inserts skip existing rows, so an operator's
-- later edits survive. Season windows are [starts_at, ends_at): the Hollowed Pass runs from the start
-- of 1 October 2025 UTC up to, not including, 15 November 2025 UTC.
-- Battle-pass rewards are not listed (they are earned, not bought); Dabloon packs (type coin, price =
-- the coins in the pack) are never listed either, so they cannot be bought with coins.
-- Asset files live under /cosmetics/ (drawn by the economy issue, #6); fonts are stylesheets.
-- Fonts: the stylesheets the app ships under public/cosmetics/fonts/: three open-licensed faces bundled
-- with the portal (one folder each, with the font file and its licence) and two that use the device's
-- own typewriter and script faces. font_family is the body's CSS font-family value: a bare name gets a
-- generic fallback from the app, a list is used as it stands.

insert into public.battlepass_seasons (season, name, starts_at, ends_at) values
  (1, 'Summer Pass', '2025-06-01 00:00:00+00', '2025-09-01 00:00:00+00'),
  (2, 'Hollowed Pass', '2025-10-01 00:00:00+00', '2025-11-15 00:00:00+00')
on conflict do nothing;

insert into public.shop_items
  (id, name, description, preview_emoji, price, rarity, created_at, type, asset, listed, battlepass_season)
values
  ('desktop_goose', 'Desktop Goose', 'A goose that waddles across your screen and honks now and then.', '🪿', 100, 'Rare', '2025-01-15', 'special', '{"url": "/cosmetics/specials/desktop_goose.svg", "color": "#3b82f6"}'::jsonb, true, null),
  ('duck_icon', 'Duck', 'A trusty rubber duck for your profile.', '🦆', 6000, 'Rare', '2025-01-15', 'icon', '{"url": "/cosmetics/icons/duck_icon.svg", "color": "#3b82f6"}'::jsonb, true, null),
  ('golden_duck_icon', 'Golden Duck', 'The rarest duck of all, cast in solid gold.', '🦆', 30000, 'Exotic', '2025-01-15', 'icon', '{"url": "/cosmetics/icons/golden_duck_icon.svg", "color": "#f5b301"}'::jsonb, true, null),
  ('sword_cursor', 'Sword Cursor', 'Point with the blade of a hero.', '🗡️', 800, 'Common', '2025-01-15', 'cursor', '{"url": "/cosmetics/cursors/sword_cursor.svg", "color": "#ffffff"}'::jsonb, true, null),
  ('cat_background', 'Cat Background', 'Cats. Everywhere. Napping.', '🐱', 800, 'Common', '2025-01-15', 'background', '{"url": "/cosmetics/backgrounds/cat_background.svg", "color": "#ffffff"}'::jsonb, true, null),
  ('pink_background', 'Pink Background', 'Soft pink clouds behind every page.', '🌸', 800, 'Common', '2025-01-15', 'background', '{"url": "/cosmetics/backgrounds/pink_background.svg", "color": "#ffffff"}'::jsonb, true, null),
  ('gold_hoarder_badge', 'Gold Hoarder', 'For those who would rather keep the coins than spend them.', '🪙', 10000, 'Legendary', '2025-01-15', 'badge', '{"url": "/cosmetics/badges/gold_hoarder_badge.svg", "icon": "🪙", "color": "#a855f7"}'::jsonb, true, null),
  ('pixel_arrow_cursor', 'Pixel Arrow', 'The arrow of an 8-bit computer.', '🖱️', 500, 'Common', '2025-01-15', 'cursor', '{"url": "/cosmetics/cursors/pixel_arrow_cursor.svg", "color": "#ffffff"}'::jsonb, true, null),
  ('magic_wand_cursor', 'Magic Wand', 'Every click a little spell.', '🪄', 1500, 'Rare', '2025-01-15', 'cursor', '{"url": "/cosmetics/cursors/magic_wand_cursor.svg", "color": "#3b82f6"}'::jsonb, true, null),
  ('space_background', 'Deep Space', 'Stars and a distant nebula.', '🌌', 1200, 'Rare', '2025-01-15', 'background', '{"url": "/cosmetics/backgrounds/space_background.svg", "color": "#3b82f6"}'::jsonb, true, null),
  ('ocean_background', 'Ocean', 'Calm blue waves.', '🌊', 1200, 'Common', '2025-01-15', 'background', '{"url": "/cosmetics/backgrounds/ocean_background.svg", "color": "#ffffff"}'::jsonb, true, null),
  ('forest_background', 'Forest', 'Tall pines and morning light.', '🌲', 1000, 'Common', '2025-01-15', 'background', '{"url": "/cosmetics/backgrounds/forest_background.svg", "color": "#ffffff"}'::jsonb, true, null),
  ('retro_grid_background', 'Retro Grid', 'A neon grid running to the horizon.', '🕹️', 2500, 'Legendary', '2025-01-15', 'background', '{"url": "/cosmetics/backgrounds/retro_grid_background.svg", "color": "#a855f7"}'::jsonb, true, null),
  ('pixel_font', 'Pixel Font', 'Blocky letters straight out of an arcade.', '👾', 1500, 'Rare', '2025-01-15', 'font', '{"url": "/cosmetics/fonts/press-start-2p/press-start-2p.css", "font_family": "Press Start 2P", "color": "#3b82f6"}'::jsonb, true, null),
  ('handwritten_font', 'Handwritten Font', 'Letters that look written by hand.', '✍️', 1200, 'Common', '2025-01-15', 'font', '{"url": "/cosmetics/fonts/comic-neue/comic-neue.css", "font_family": "Comic Neue", "color": "#ffffff"}'::jsonb, true, null),
  ('typewriter_font', 'Typewriter Font', 'Clack, clack, ding.', '⌨️', 2000, 'Rare', '2025-01-15', 'font', '{"url": "/cosmetics/fonts/typewriter/typewriter.css", "font_family": "\"Hollowed Typewriter\", \"Courier New\", monospace", "color": "#3b82f6"}'::jsonb, true, null),
  ('frog_icon', 'Frog', 'A cheerful frog.', '🐸', 2000, 'Common', '2025-01-15', 'icon', '{"url": "/cosmetics/icons/frog_icon.svg", "color": "#ffffff"}'::jsonb, true, null),
  ('cat_icon', 'Cat', 'A cat that judges you, lovingly.', '🐈', 2000, 'Common', '2025-01-15', 'icon', '{"url": "/cosmetics/icons/cat_icon.svg", "color": "#ffffff"}'::jsonb, true, null),
  ('robot_icon', 'Robot', 'Beep boop.', '🤖', 4000, 'Rare', '2025-01-15', 'icon', '{"url": "/cosmetics/icons/robot_icon.svg", "color": "#3b82f6"}'::jsonb, true, null),
  ('dragon_icon', 'Dragon', 'A dragon guarding your profile.', '🐉', 15000, 'Legendary', '2025-01-15', 'icon', '{"url": "/cosmetics/icons/dragon_icon.svg", "color": "#a855f7"}'::jsonb, true, null),
  ('bookworm_badge', 'Bookworm', 'Reads the rules before playing.', '📚', 3000, 'Rare', '2025-01-15', 'badge', '{"url": "/cosmetics/badges/bookworm_badge.svg", "icon": "📚", "color": "#3b82f6"}'::jsonb, true, null),
  ('night_owl_badge', 'Night Owl', 'Plays best after dark.', '🦉', 5000, 'Rare', '2025-01-15', 'badge', '{"url": "/cosmetics/badges/night_owl_badge.svg", "icon": "🦉", "color": "#3b82f6"}'::jsonb, true, null),
  ('confetti_special', 'Confetti', 'A burst of confetti on every high score.', '🎉', 2500, 'Rare', '2025-01-15', 'special', '{"url": "/cosmetics/specials/confetti_special.svg", "color": "#3b82f6"}'::jsonb, true, null),
  ('dabloons_100', '100 Dabloons', 'A pouch of 100 Dabloons.', '🪙', 100, 'Common', '2025-01-15', 'coin', '{"icon": "🪙", "color": "#ffffff"}'::jsonb, false, null),
  ('dabloons_500', '500 Dabloons', 'A pouch of 500 Dabloons.', '🪙', 500, 'Common', '2025-01-15', 'coin', '{"icon": "🪙", "color": "#ffffff"}'::jsonb, false, null),
  ('dabloons_1000', '1,000 Dabloons', 'A pouch of 1,000 Dabloons.', '🪙', 1000, 'Rare', '2025-01-15', 'coin', '{"icon": "🪙", "color": "#3b82f6"}'::jsonb, false, null),
  ('dabloons_2500', '2,500 Dabloons', 'A pouch of 2,500 Dabloons.', '🪙', 2500, 'Rare', '2025-01-15', 'coin', '{"icon": "🪙", "color": "#3b82f6"}'::jsonb, false, null),
  ('dabloons_5000', '5,000 Dabloons', 'A pouch of 5,000 Dabloons.', '🪙', 5000, 'Legendary', '2025-01-15', 'coin', '{"icon": "🪙", "color": "#a855f7"}'::jsonb, false, null),
  ('dabloons_10000', '10,000 Dabloons', 'A pouch of 10,000 Dabloons.', '🪙', 10000, 'Exotic', '2025-01-15', 'coin', '{"icon": "🪙", "color": "#f5b301"}'::jsonb, false, null),
  ('s1_sunglasses_icon', 'Cool Shades', 'Too cool for school.', '😎', null, 'Common', '2025-06-01', 'icon', '{"url": "/cosmetics/icons/s1_sunglasses_icon.svg", "color": "#ffffff"}'::jsonb, false, 1),
  ('s1_beach_background', 'Beach', 'Sand, sun and a striped umbrella.', '🏖️', null, 'Common', '2025-06-01', 'background', '{"url": "/cosmetics/backgrounds/s1_beach_background.svg", "color": "#ffffff"}'::jsonb, false, 1),
  ('s1_dabloons_500', '500 Summer Dabloons', 'A sunny pouch of 500 Dabloons.', '🪙', 500, 'Common', '2025-06-01', 'coin', '{"icon": "🪙", "color": "#ffffff"}'::jsonb, false, 1),
  ('s1_palm_cursor', 'Palm Cursor', 'Point with a palm leaf.', '🌴', null, 'Rare', '2025-06-01', 'cursor', '{"url": "/cosmetics/cursors/s1_palm_cursor.svg", "color": "#3b82f6"}'::jsonb, false, 1),
  ('s1_ice_cream_icon', 'Ice Cream', 'Two scoops, no melting.', '🍦', null, 'Rare', '2025-06-01', 'icon', '{"url": "/cosmetics/icons/s1_ice_cream_icon.svg", "color": "#3b82f6"}'::jsonb, false, 1),
  ('s1_wave_font', 'Wave Font', 'Letters that ride the surf.', '🏄', null, 'Rare', '2025-06-01', 'font', '{"url": "/cosmetics/fonts/wave/wave.css", "font_family": "\"Hollowed Wave\", cursive", "color": "#3b82f6"}'::jsonb, false, 1),
  ('s1_dabloons_1000', '1,000 Summer Dabloons', 'A sunny pouch of 1,000 Dabloons.', '🪙', 1000, 'Rare', '2025-06-01', 'coin', '{"icon": "🪙", "color": "#3b82f6"}'::jsonb, false, 1),
  ('s1_sunset_background', 'Sunset', 'The sky on the last day of summer.', '🌅', null, 'Legendary', '2025-06-01', 'background', '{"url": "/cosmetics/backgrounds/s1_sunset_background.svg", "color": "#a855f7"}'::jsonb, false, 1),
  ('s1_sunburst_badge', 'Sunburst', 'Played all summer long.', '☀️', null, 'Legendary', '2025-06-01', 'badge', '{"url": "/cosmetics/badges/s1_sunburst_badge.svg", "icon": "☀️", "color": "#a855f7"}'::jsonb, false, 1),
  ('s1_surfer_badge', 'Surf Champion', 'Finished the whole summer pass.', '🏆', null, 'Exotic', '2025-06-01', 'badge', '{"url": "/cosmetics/badges/s1_surfer_badge.svg", "icon": "🏆", "color": "#f5b301"}'::jsonb, false, 1),
  ('s2_pumpkin_icon', 'Pumpkin', 'A grinning jack-o-lantern.', '🎃', null, 'Common', '2025-10-01', 'icon', '{"url": "/cosmetics/icons/s2_pumpkin_icon.svg", "color": "#ffffff"}'::jsonb, false, 2),
  ('s2_ghost_cursor', 'Ghost Cursor', 'A friendly ghost follows your clicks.', '👻', null, 'Common', '2025-10-01', 'cursor', '{"url": "/cosmetics/cursors/s2_ghost_cursor.svg", "color": "#ffffff"}'::jsonb, false, 2),
  ('s2_dabloons_500', '500 Hollowed Dabloons', 'A spooky pouch of 500 Dabloons.', '🪙', 500, 'Common', '2025-10-01', 'coin', '{"icon": "🪙", "color": "#ffffff"}'::jsonb, false, 2),
  ('s2_candy_icon', 'Candy', 'Trick or treat!', '🍬', null, 'Common', '2025-10-01', 'icon', '{"url": "/cosmetics/icons/s2_candy_icon.svg", "color": "#ffffff"}'::jsonb, false, 2),
  ('s2_haunted_background', 'Haunted House', 'Creaky floors and flickering lights.', '🏚️', null, 'Rare', '2025-10-01', 'background', '{"url": "/cosmetics/backgrounds/s2_haunted_background.svg", "color": "#3b82f6"}'::jsonb, false, 2),
  ('s2_spooky_font', 'Spooky Font', 'Letters dripping with dread.', '🕸️', null, 'Rare', '2025-10-01', 'font', '{"url": "/cosmetics/fonts/creepster/creepster.css", "font_family": "Creepster", "color": "#3b82f6"}'::jsonb, false, 2),
  ('s2_bat_badge', 'Night Bat', 'Flew through the Hollowed Pass.', '🦇', null, 'Rare', '2025-10-01', 'badge', '{"url": "/cosmetics/badges/s2_bat_badge.svg", "icon": "🦇", "color": "#3b82f6"}'::jsonb, false, 2),
  ('s2_witch_hat_icon', 'Witch Hat', 'Pointy and slightly enchanted.', '🧙', null, 'Rare', '2025-10-01', 'icon', '{"url": "/cosmetics/icons/s2_witch_hat_icon.svg", "color": "#3b82f6"}'::jsonb, false, 2),
  ('s2_scythe_cursor', 'Scythe Cursor', 'Harvest clicks.', '🪦', null, 'Legendary', '2025-10-01', 'cursor', '{"url": "/cosmetics/cursors/s2_scythe_cursor.svg", "color": "#a855f7"}'::jsonb, false, 2),
  ('s2_graveyard_background', 'Graveyard', 'Fog between the tombstones.', '⚰️', null, 'Legendary', '2025-10-01', 'background', '{"url": "/cosmetics/backgrounds/s2_graveyard_background.svg", "color": "#a855f7"}'::jsonb, false, 2),
  ('s2_full_moon_background', 'Full Moon', 'A huge moon over the hollow.', '🌕', null, 'Legendary', '2025-10-01', 'background', '{"url": "/cosmetics/backgrounds/s2_full_moon_background.svg", "color": "#a855f7"}'::jsonb, false, 2),
  ('s2_hollowed_crown_badge', 'Hollowed Crown', 'Finished the whole Hollowed Pass.', '👑', null, 'Exotic', '2025-10-01', 'badge', '{"url": "/cosmetics/badges/s2_hollowed_crown_badge.svg", "icon": "👑", "color": "#f5b301"}'::jsonb, false, 2)
on conflict do nothing;

insert into public.battlepass_tiers (season, tier, coins_required, item_id) values
  (1, 1, 100, 's1_sunglasses_icon'),
  (1, 2, 300, 's1_beach_background'),
  (1, 3, 600, 's1_dabloons_500'),
  (1, 4, 1000, 's1_palm_cursor'),
  (1, 5, 1500, 's1_ice_cream_icon'),
  (1, 6, 2100, 's1_wave_font'),
  (1, 7, 2800, 's1_dabloons_1000'),
  (1, 8, 3600, 's1_sunset_background'),
  (1, 9, 4500, 's1_sunburst_badge'),
  (1, 10, 5500, 's1_surfer_badge'),
  (2, 1, 100, 's2_pumpkin_icon'),
  (2, 2, 250, 's2_ghost_cursor'),
  (2, 3, 500, 's2_dabloons_500'),
  (2, 4, 800, 's2_candy_icon'),
  (2, 5, 1200, 's2_haunted_background'),
  (2, 6, 1700, 's2_spooky_font'),
  (2, 7, 2300, 's2_bat_badge'),
  (2, 8, 3000, 's2_witch_hat_icon'),
  (2, 9, 3800, 's2_scythe_cursor'),
  (2, 10, 4700, 's2_graveyard_background'),
  (2, 11, 5700, 's2_full_moon_background'),
  (2, 12, 7000, 's2_hollowed_crown_badge')
on conflict do nothing;

-- The proof bucket of the score submissions (its policies: supabase/schemas/storage/submissions.sql):
-- private, images only, 2 MiB at most (the storage API enforces size and type).
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('submissions', 'submissions', false, 2097152,
        array['image/png', 'image/jpeg', 'image/webp', 'image/gif'])
on conflict (id) do nothing;

-- The starting list of blocked chat words; operators keep it up to date with SQL (supabase/README.md).
insert into app_private.chat_blocked_words (word) values
  ('fuck'), ('fucking'), ('fucker'), ('shit'), ('bitch'), ('bastard'), ('asshole'), ('cunt'),
  ('dick'), ('slut'), ('whore'), ('retard'), ('fag'), ('faggot'), ('nigger'), ('nigga')
on conflict do nothing;
