-- Local-only internals of the embedded auth service: refresh tokens, sessions and the mailbox.
-- Hosted Supabase keeps the same things inside GoTrue's own auth.* tables. These tables get no
-- grants, so anon, authenticated and service_role cannot read them through the REST API; only the
-- gateway, connected as the database owner, touches them. Every statement is idempotent because
-- the gateway applies this file on each start (bootstrap.sql and the migrations are not re-run).

create table if not exists auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

-- Rotating refresh tokens: each use revokes the token and issues a child in the same session.
create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token text not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  parent text,
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);

-- Mails "sent" in local mode, shown at /mailbox.
create table if not exists auth.mailbox (
  id bigserial primary key,
  recipient text not null,
  subject text not null,
  body text not null,
  created_at timestamptz not null default now()
);

revoke all on auth.sessions, auth.refresh_tokens, auth.mailbox from public, anon, authenticated, service_role;
revoke all on sequence auth.refresh_tokens_id_seq, auth.mailbox_id_seq from public, anon, authenticated, service_role;
