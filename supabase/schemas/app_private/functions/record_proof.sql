-- Keeps leaderboard_submissions.proof_name and proof_bytes in step with the proof images in storage
-- (issue 26): the desk's queue, the top lists and the proof quota read those columns through indexes.
-- They used to find a score's proof by split_part over every stored object: with 100 accounts sending
-- 70 scores each, half with a 9-byte proof, the desk took 3.5 s and then timed out, and a top list took
-- 391 ms. A trigger on storage.objects (hosted Supabase lets postgres create one: it holds TRIGGER on
-- the table, though not the ownership an index would need) sees every upload and removal, whichever
-- way it comes (the Storage API as the student, the service role). An upload adds its size (a second
-- object under one score can only come from the service role: the storage policy allows one proof);
-- a removal or a change counts that submission's objects again, a scan of the bucket on a rare path
-- (the upload-failed withdrawal) rather than on every read.

create or replace function app_private.record_proof() returns trigger
language plpgsql security definer set search_path = public as $$
declare
  v_ids bigint[] := '{}';
begin
  if tg_op = 'INSERT' then
    if new.bucket_id = 'submissions' and new.name ~ '^[0-9]{1,18}_' then
      update public.leaderboard_submissions s
      set proof_name = coalesce(s.proof_name, new.name),
          proof_bytes = coalesce(s.proof_bytes, 0) + coalesce((new.metadata ->> 'size')::bigint, 0)
      where s.id = split_part(new.name, '_', 1)::bigint;
    end if;
    return null;
  end if;
  if old.bucket_id = 'submissions' and old.name ~ '^[0-9]{1,18}_' then
    v_ids := v_ids || split_part(old.name, '_', 1)::bigint;
  end if;
  if tg_op = 'UPDATE' and new.bucket_id = 'submissions' and new.name ~ '^[0-9]{1,18}_' then
    v_ids := v_ids || split_part(new.name, '_', 1)::bigint;
  end if;
  update public.leaderboard_submissions s
  set proof_name = p.name, proof_bytes = p.bytes
  from unnest(v_ids) as i (id)
  cross join lateral (
    select min(o.name) as name, sum(coalesce((o.metadata ->> 'size')::bigint, 0))::bigint as bytes
    from storage.objects o
    where o.bucket_id = 'submissions' and split_part(o.name, '_', 1) = i.id::text
  ) p
  where s.id = i.id;
  return null;
end $$;
revoke execute on function app_private.record_proof() from public;

create trigger record_proof after insert or update of bucket_id, name, metadata or delete on storage.objects
  for each row execute function app_private.record_proof();
