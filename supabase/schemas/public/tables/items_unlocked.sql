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
grant select, insert, update, delete on table public.items_unlocked to service_role;
revoke all on sequence public.items_unlocked_id_seq from anon, authenticated;
grant select on table public.items_unlocked to authenticated;

create policy "owner reads own items" on public.items_unlocked
  for select to authenticated using (user_id = (select auth.uid()));
