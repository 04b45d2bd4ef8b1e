-- Two hidden achievements no play could reach (issue 29): Times Table Dash never asks a question
-- times zero (its facts are a table times 1 to 12) and Fraction Frenzy's answers are proper fractions,
-- never one whole. They become a round with no wrong answer and an answer of one half, both reached
-- in ordinary play. Their old rows go with any unlock (only a forged request could have made one)
-- and their counters; the rows below were written from the declarations by scripts/achievementSql.ts.

delete from app_private.achievement_counts c
 using public.achievements a
 where a.id = c.achievement_id
   and ((a.app_id = 'times-table-dash' and a.code = 'zero-hero') or (a.app_id = 'fraction-frenzy' and a.code = 'whole-one'));
delete from public.achievements a
 where (a.app_id = 'times-table-dash' and a.code = 'zero-hero') or (a.app_id = 'fraction-frenzy' and a.code = 'whole-one');

insert into app_private.achievement_stats as s (app_id, name, kind, max_per_second) values
  ('fraction-frenzy', 'correct', 'total', 5),
  ('fraction-frenzy', 'streak', 'max', 5),
  ('times-table-dash', 'correct', 'total', 5),
  ('times-table-dash', 'streak', 'max', 5)
on conflict (app_id, name) do update set kind = excluded.kind, max_per_second = excluded.max_per_second;

insert into public.achievements as a (app_id, code, title, description, icon, points, hidden, stat, threshold, reward)
select v.* from (values
  ('fraction-frenzy', 'first-match', 'Equal Parts', 'Pick your first equal fraction.', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="11" fill="#af601a"/><path d="M6 12h12" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/><circle cx="12" cy="7.5" r="2" fill="#fff"/><circle cx="12" cy="16.5" r="2" fill="#fff"/></svg>', 5, false, 'correct', 1, 10),
  ('fraction-frenzy', 'streak-10', 'On a Roll', 'Answer 10 in a row without a mistake.', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="11" fill="#935116"/><path d="M12 4l2.4 5 5.4.6-4 3.7 1.1 5.3L12 16l-4.9 2.6 1.1-5.3-4-3.7 5.4-.6z" fill="#fff"/></svg>', 15, false, 'streak', 10, 40),
  ('fraction-frenzy', 'streak-25', 'Fraction Master', 'Answer 25 in a row without a mistake.', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="11" fill="#6e2c00"/><path d="M8 5h8v4a4 4 0 0 1-8 0zM8 7H5a3 3 0 0 0 3 4M16 7h3a3 3 0 0 1-3 4M12 13v3M9 19h6M10 16h4" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>', 35, false, 'streak', 25, 100),
  ('fraction-frenzy', 'correct-500', 'Piece of Pie', 'Answer 500 questions right over all your games.', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="11" fill="#784212"/><path d="M12 4a8 8 0 1 0 8 8h-8z" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>', 30, false, 'correct', 500, 100),
  ('fraction-frenzy', 'one-half', 'Half and Half', 'A secret: one half wears many disguises.', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="11" fill="#1d8348"/><path d="M12 5v14" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/><path d="M12 5a7 7 0 0 0 0 14z" fill="#fff"/></svg>', 10, true, null, null, 20),
  ('times-table-dash', 'first-answer', 'Times One', 'Answer your first question right.', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="11" fill="#2471a3"/><path d="M7 7l10 10M17 7L7 17" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>', 5, false, 'correct', 1, 10),
  ('times-table-dash', 'streak-20', 'Quick Sums', 'Answer 20 in a row without a mistake.', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="11" fill="#1a5276"/><path d="M13 3L6 13h5l-1 8 7-10h-5z" fill="#fff"/></svg>', 20, false, 'streak', 20, 50),
  ('times-table-dash', 'twelves', 'Twelve Times Over', 'Master the 12 times table.', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="11" fill="#154360"/><path d="M12 4l2.4 5 5.4.6-4 3.7 1.1 5.3L12 16l-4.9 2.6 1.1-5.3-4-3.7 5.4-.6z" fill="#fff"/></svg>', 30, false, null, null, 80),
  ('times-table-dash', 'correct-1000', 'Human Calculator', 'Answer 1,000 questions right over all your games.', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="11" fill="#0e2f44"/><path d="M8 5h8v4a4 4 0 0 1-8 0zM8 7H5a3 3 0 0 0 3 4M16 7h3a3 3 0 0 1-3 4M12 13v3M9 19h6M10 16h4" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>', 40, false, 'correct', 1000, 150),
  ('times-table-dash', 'flawless-minute', 'Not a Slip', 'A secret: a whole round without a wrong answer.', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="11" fill="#7d6608"/><path d="M6 12l4 4 8-8" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>', 10, true, null, null, 20)
) as v (app_id, code, title, description, icon, points, hidden, stat, threshold, reward)
where v.app_id is null or exists (select 1 from public.apps p where p.id = v.app_id)
on conflict (app_id, code) do update
  set title = excluded.title, description = excluded.description, icon = excluded.icon, points = excluded.points,
      hidden = excluded.hidden, stat = excluded.stat, threshold = excluded.threshold, reward = excluded.reward;
