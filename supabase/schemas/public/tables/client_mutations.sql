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
grant select, insert, update, delete on table public.client_mutations to service_role;
grant select on table public.client_mutations to authenticated;

create policy "owner reads own mutations" on public.client_mutations
  for select to authenticated using (user_id = (select auth.uid()));
