-- Reference data: the eight games written into the portal since the baseline (games/<id>/ builds each
-- into one page under /games/<id>/, precached and played offline). Six of them replace local sample
-- entries that pointed at example.org, a dead page for any student who opened one; chess and sudoku
-- are new. 14 bundled games in all.
--
-- Rows an operator already edited keep their edits; only a row still pointing at an example.org
-- placeholder (a local data folder seeded before this) is turned into the bundled game.

insert into public.apps as a (id, title, slug, category, description, thumbnail, url, bundled) values
  ('chess', 'Chess', 'chess', 'strategy', 'A full game of chess against the computer, at three levels.',
   '/games/chess/thumb.svg', '/games/chess/index.html', true),
  ('fraction-frenzy', 'Fraction Frenzy', 'fraction-frenzy', 'math', 'Spot the fraction that is equal to the one shown, in its simplest form, before your lives run out.',
   '/games/fraction-frenzy/thumb.svg', '/games/fraction-frenzy/index.html', true),
  ('hex-conquest', 'Hex Conquest', 'hex-conquest', 'strategy', 'Grow and jump across a board of hexagons, turning the computer''s pieces into yours.',
   '/games/hex-conquest/thumb.svg', '/games/hex-conquest/index.html', true),
  ('home-row-hero', 'Home Row Hero', 'home-row-hero', 'typing', 'Learn touch typing one home-row key at a time, with the right finger for every key.',
   '/games/home-row-hero/thumb.svg', '/games/home-row-hero/index.html', true),
  ('keyboard-sprint', 'Keyboard Sprint', 'keyboard-sprint', 'typing', 'Type short passages against the clock and see your words per minute and accuracy.',
   '/games/keyboard-sprint/thumb.svg', '/games/keyboard-sprint/index.html', true),
  ('sudoku', 'Sudoku', 'sudoku', 'puzzle', 'Fill the grid so every row, column and box holds 1 to 9, from easy to expert.',
   '/games/sudoku/thumb.svg', '/games/sudoku/index.html', true),
  ('tic-tac-toe', 'Tic Tac Toe', 'tic-tac-toe', 'strategy', 'The classic three-in-a-row game against the computer, easy or unbeatable.',
   '/games/tic-tac-toe/thumb.svg', '/games/tic-tac-toe/index.html', true),
  ('times-table-dash', 'Times Table Dash', 'times-table-dash', 'math', 'Answer multiplication questions before the timer runs out, and master every table.',
   '/games/times-table-dash/thumb.svg', '/games/times-table-dash/index.html', true)
on conflict (id) do update
  set title = excluded.title, slug = excluded.slug, category = excluded.category, description = excluded.description,
      thumbnail = excluded.thumbnail, url = excluded.url, bundled = excluded.bundled
  where a.url like 'https://example.org/%';
