-- A public profile is opened by its exact name (the app's public_profiles?username=eq.NAME): with a
-- semester's 1,100 accounts the plan read every profile (Seq Scan on my_users, filter username = …),
-- because the one index on names is on lower(username), for uniqueness. A plain index serves it. The
-- read was still fast at this size (p95 10.0 ms on the embedded backend, 18.2 ms on PostgreSQL 15,
-- tests/bench/semester.bench.ts, a shared 2-core machine), but it grows with every account.
create index my_users_username_idx on public.my_users (username);
