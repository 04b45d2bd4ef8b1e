-- The desk's reported chat messages (issue 20): open reports, oldest first, with the message as it is
-- now or, if its author deleted it, the copy the report kept; its author; whether it is hidden; and
-- who reported it, why. A page of 50.

create or replace function public.get_open_chat_reports()
returns table (
  report_id bigint, message_id bigint, body text, author_id uuid, author_username text,
  hidden boolean, deleted boolean, reporter_username text, reason text, reported_at timestamptz
)
language plpgsql stable security definer set search_path = public as $$
begin
  perform app_private.require_moderator();
  return query
    select r.id, r.message_id, coalesce(c.body, r.message_body), r.message_author, author.username,
      coalesce(c.hidden, false), c.id is null, reporter.username, r.reason, r.created_at
    from public.chat_reports r
    left join public.chat_messages c on c.id = r.message_id
    left join public.my_users author on author.user_id = r.message_author
    left join public.my_users reporter on reporter.user_id = r.reporter_id
    where r.closed_at is null
    order by r.created_at, r.id
    limit 50;
end $$;
revoke execute on function public.get_open_chat_reports() from public, anon;
grant execute on function public.get_open_chat_reports() to authenticated, service_role;
