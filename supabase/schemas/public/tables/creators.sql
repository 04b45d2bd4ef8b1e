-- Creator status, granted by an operator (service role) and public: creator pages show it.

create table public.creators (
  user_id uuid primary key references auth.users (id) on delete cascade,
  granted_at timestamptz not null default now(),
  granted_by text not null default 'operator'
);

alter table public.creators enable row level security;

revoke all on table public.creators from anon, authenticated;
grant select, insert, update, delete on table public.creators to service_role;
grant select on table public.creators to anon, authenticated;

create policy "anyone reads creators" on public.creators for select to anon, authenticated using (true);
