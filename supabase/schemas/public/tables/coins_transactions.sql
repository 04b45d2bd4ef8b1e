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
grant select, insert, update, delete on table public.coins_transactions to service_role;
revoke all on sequence public.coins_transactions_id_seq from anon, authenticated;
grant select on table public.coins_transactions to authenticated;

create policy "owner reads own coins" on public.coins_transactions
  for select to authenticated using (user_id = (select auth.uid()));
