-- The money and progress tables: coins, streak, unlocked items, apps played, and the idempotency log
-- of client mutations. Owners read their own rows; nobody but the security-definer RPCs writes them,
-- so the API roles get SELECT only and there are no write policies at all.

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

create table public.streak (
  user_id uuid primary key references auth.users (id) on delete cascade,
  current_streak integer not null default 0,
  longest_streak integer not null default 0,
  last_claim timestamptz,
  constraint streak_non_negative check (current_streak >= 0 and longest_streak >= current_streak)
);
-- Top streaks.
create index streak_current_streak_idx on public.streak (current_streak desc, last_claim);

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

create table public.client_mutations (
  user_id uuid not null references auth.users (id) on delete cascade,
  client_id uuid not null,
  kind text not null,
  -- Null only while the first application is still running inside its transaction.
  result jsonb,
  created_at timestamptz not null default now(),
  primary key (user_id, client_id)
);

alter table public.coins_transactions enable row level security;
alter table public.streak enable row level security;
alter table public.items_unlocked enable row level security;
alter table public.apps_played enable row level security;
alter table public.client_mutations enable row level security;

revoke all on table public.coins_transactions, public.streak, public.items_unlocked, public.apps_played,
  public.client_mutations from anon, authenticated;
grant select on table public.coins_transactions, public.streak, public.items_unlocked, public.apps_played,
  public.client_mutations to authenticated;

create policy "owner reads own coins" on public.coins_transactions
  for select to authenticated using (user_id = (select auth.uid()));
create policy "owner reads own streak" on public.streak
  for select to authenticated using (user_id = (select auth.uid()));
create policy "owner reads own items" on public.items_unlocked
  for select to authenticated using (user_id = (select auth.uid()));
create policy "owner reads own plays" on public.apps_played
  for select to authenticated using (user_id = (select auth.uid()));
create policy "owner reads own mutations" on public.client_mutations
  for select to authenticated using (user_id = (select auth.uid()));
