-- The idempotency log of client mutations: the first result of each client-made id
-- (app_private.begin_mutation and finish_mutation), so a replayed action changes nothing. Rows are
-- kept 35 days, longer than the outbox sends an id again, then swept by age as new ones arrive
-- (app_private.sweep_old_rows, which says why 35), through the index on created_at.

create table public.client_mutations (
  user_id uuid not null references auth.users (id) on delete cascade,
  client_id uuid not null,
  kind text not null,
  -- Null only while the first application is still running inside its transaction.
  result jsonb,
  created_at timestamptz not null default now(),
  primary key (user_id, client_id)
);
create index client_mutations_created_at_idx on public.client_mutations (created_at);

alter table public.client_mutations enable row level security;

revoke all on table public.client_mutations from anon, authenticated;
grant select, insert, update, delete on table public.client_mutations to service_role;
grant select on table public.client_mutations to authenticated;

create policy "owner reads own mutations" on public.client_mutations
  for select to authenticated using (user_id = (select auth.uid()));
