-- Takedown and account deletion requests (see /privacy): anyone files one; only the service role and
-- moderators (get_open_takedowns) read them. Who sent one is kept for the limits of
-- app_private.takedown_requests_guard (issue 26): the account (null when signed out) and the device
-- (the x-device-address the embedded backend writes into request.headers; null on hosted Supabase,
-- where no trustworthy address reaches the database). Clients cannot write either.

create table public.takedown_requests (
  id bigint generated always as identity primary key,
  name text not null,
  email text not null,
  url text not null,
  reason text not null,
  created_at timestamptz not null default now(),
  -- Set by a moderator's decision (issue 20); null while the request waits.
  resolved_at timestamptz,
  requested_by uuid default auth.uid(),
  device text default nullif(btrim(nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-device-address'), ''),
  constraint takedown_requests_name_length check (char_length(name) between 1 and 200),
  constraint takedown_requests_email_format check (email ~ '^[^@\s]+@[^@\s]+$' and char_length(email) <= 320),
  constraint takedown_requests_url_length check (char_length(url) between 1 and 2000),
  constraint takedown_requests_reason_length check (char_length(reason) between 1 and 5000)
);
-- The desk's queue (get_open_takedowns): the oldest waiting requests first, without reading the
-- resolved ones; and what the limits count.
create index takedown_requests_open_idx on public.takedown_requests (created_at, id) where resolved_at is null;
create index takedown_requests_device_idx on public.takedown_requests (device, created_at) where device is not null;
create index takedown_requests_requested_by_idx on public.takedown_requests (requested_by, created_at) where requested_by is not null;
create index takedown_requests_open_email_idx on public.takedown_requests (lower(email)) where resolved_at is null;

alter table public.takedown_requests enable row level security;

revoke all on table public.takedown_requests from anon, authenticated;
grant select, insert, update, delete on table public.takedown_requests to service_role;
revoke all on sequence public.takedown_requests_id_seq from anon, authenticated;

-- Write-only for the public: a request carries a name and e-mail that must never be read back.
-- Clients insert with Prefer: return=minimal, since there is no select policy to return the row.
grant insert (name, email, url, reason) on table public.takedown_requests to anon, authenticated;
create policy "anyone files a takedown request" on public.takedown_requests
  for insert to anon, authenticated with check (true);
