-- Reference data: the six games bundled with the portal (served from /games/<id>/, precached for
-- offline play). Hosted deployments need them too, so they ship as a migration; inserts skip rows
-- that exist, so an operator's later edits survive.

insert into public.apps (id, title, slug, category, description, thumbnail, url, bundled) values
  ('2048', '2048', '2048', 'puzzle', 'Slide the tiles and merge equal numbers until you reach 2048.',
   '/games/2048/thumb.svg', '/games/2048/index.html', true),
  ('snake', 'Snake', 'snake', 'arcade', 'Eat, grow longer, and never bite your own tail.',
   '/games/snake/thumb.svg', '/games/snake/index.html', true),
  ('minesweeper', 'Minesweeper', 'minesweeper', 'puzzle', 'Clear the field without touching a mine; the numbers tell you how many are near.',
   '/games/minesweeper/thumb.svg', '/games/minesweeper/index.html', true),
  ('breakout', 'Breakout', 'breakout', 'arcade', 'Bounce the ball off your paddle and break every brick.',
   '/games/breakout/thumb.svg', '/games/breakout/index.html', true),
  ('flappy', 'Flappy Hollow', 'flappy-hollow', 'arcade', 'Flap through the gaps of a haunted hollow.',
   '/games/flappy/thumb.svg', '/games/flappy/index.html', true),
  ('memory', 'Memory Match', 'memory-match', 'puzzle', 'Turn the cards two at a time and find every pair.',
   '/games/memory/thumb.svg', '/games/memory/index.html', true)
on conflict do nothing;
