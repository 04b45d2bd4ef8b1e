-- The desk's record (issue 20): the latest decisions, newest first, each with who made it, what it was
-- about in words, whether it undid another, and whether it can still be undone (the latest decision on
-- its subject, not undone yet; never the end of a two-player game, a removed invite link or an
-- achievement taken back, which are final). p_limit is 1 to 200.

create or replace function public.get_moderation_decisions(p_limit integer default 50)
returns table (
  id bigint, moderator_username text, subject text, subject_id bigint, about text, action text,
  reason text, created_at timestamptz, undoes bigint, undoable boolean
)
language plpgsql stable security definer set search_path = public as $$
begin
  perform app_private.require_moderator();
  if p_limit is null or p_limit not between 1 and 200 then
    raise exception 'p_limit must be between 1 and 200.' using errcode = '22023';
  end if;
  return query
    select d.id, coalesce(m.username, 'a former moderator'), d.subject, d.subject_id,
      case d.subject
        when 'score' then coalesce((
          select coalesce(u.username, 'someone') || ': ' || to_char(s.score, 'FM999,999,999,990') || ' in ' || a.title
          from public.leaderboard_submissions s
          join public.apps a on a.id = s.app_id
          left join public.my_users u on u.user_id = s.user_id
          where s.id = d.subject_id), 'a withdrawn score')
        when 'chat_report' then coalesce((
          select left(coalesce(c.body, r.message_body), 80)
          from public.chat_reports r left join public.chat_messages c on c.id = r.message_id
          where r.id = d.subject_id), 'a removed report')
        when 'creator_application' then coalesce((
          select coalesce(u.username, 'someone') || '''s creator application'
          from public.creator_applications ca left join public.my_users u on u.user_id = ca.user_id
          where ca.id = d.subject_id), 'a removed application')
        when 'match' then coalesce((
          select case g.game when 'chess' then 'Chess' when 'tic-tac-toe' then 'Tic Tac Toe' else 'Hex Conquest' end
                 || ': ' || coalesce(f.username, 'someone') || ' v ' || coalesce(s.username, 'someone')
          from app_private.matches g
          left join public.my_users f on f.user_id = g.first_player
          left join public.my_users s on s.user_id = g.second_player
          where g.id = d.subject_id), 'a removed game')
        when 'friend_invite' then coalesce((
          select coalesce(u.username, 'someone') || '''s ' || case when i.for_class then 'class invite link' else 'invite link' end
          from app_private.friend_invites i left join public.my_users u on u.user_id = i.owner
          where i.id = d.subject_id), 'an invite link swept since')
        when 'achievement' then coalesce((
          select coalesce(m2.username, 'someone') || '''s "' || a.title || '" in ' || coalesce(g.title, 'the portal')
          from public.achievement_unlocks u
          join public.achievements a on a.id = u.achievement_id
          left join public.apps g on g.id = a.app_id
          left join public.my_users m2 on m2.user_id = u.user_id
          where u.id = d.subject_id), 'an achievement removed since')
        else coalesce((select t.url from public.takedown_requests t where t.id = d.subject_id), 'a removed request')
      end,
      d.action, d.reason, d.created_at, d.undoes,
      d.subject not in ('match', 'friend_invite', 'achievement') and not exists (select 1 from public.moderation_decisions later
        where later.subject = d.subject and later.subject_id = d.subject_id and later.id > d.id)
    from public.moderation_decisions d
    left join public.my_users m on m.user_id = d.moderator_id
    order by d.id desc
    limit p_limit;
end $$;
revoke execute on function public.get_moderation_decisions(integer) from public, anon;
grant execute on function public.get_moderation_decisions(integer) to authenticated, service_role;
