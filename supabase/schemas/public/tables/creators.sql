-- Creator status, public: creator pages show it. Granted by an operator (service role), or by a
-- moderator at the desk on a student's application (issue 20): then application_id names that
-- application, and undoing the grant removes exactly this row, never one an operator wrote.

create table public.creators (
  user_id uuid primary key references auth.users (id) on delete cascade,
  granted_at timestamptz not null default now(),
  granted_by text not null default 'operator',
  application_id bigint references public.creator_applications (id) on delete set null,
  constraint creators_application_once unique (application_id)
);

alter table public.creators enable row level security;

revoke all on table public.creators from anon, authenticated;
grant select, insert, update, delete on table public.creators to service_role;
grant select on table public.creators to anon, authenticated;

create policy "anyone reads creators" on public.creators for select to anon, authenticated using (true);
