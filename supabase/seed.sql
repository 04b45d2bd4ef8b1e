-- Local development only (`supabase db reset` runs it; hosted projects never do). Reference data
-- (bundled games, shop, seasons 1 and 2) ships in the migrations; this adds season 3, the Starfall
-- Pass, which is always running so that a local portal opens on a live pass with rewards a student
-- would recognise, rather than on an empty or ended track.

insert into public.battlepass_seasons (season, name, starts_at, ends_at)
values (3, 'Starfall Pass', date_trunc('day', now()) - interval '7 days', date_trunc('day', now()) + interval '30 days')
on conflict do nothing;

insert into public.shop_items
  (id, name, description, preview_emoji, price, rarity, created_at, type, asset, listed, battlepass_season)
values
  ('s3_star_icon', 'Wishing Star', 'A bright star to wear on your profile.', '⭐', null, 'Common', current_date, 'icon',
   '{"url": "/cosmetics/icons/s3_star_icon.svg", "color": "#ffffff"}', false, 3),
  ('s3_dabloons_100', 'Stardust Pouch', 'A small pouch of 100 Dabloons.', '🪙', 100, 'Common', current_date, 'coin',
   '{"icon": "🪙", "color": "#ffffff"}', false, 3),
  ('s3_comet_cursor', 'Comet Cursor', 'Point with a shooting star.', '☄️', null, 'Rare', current_date, 'cursor',
   '{"url": "/cosmetics/cursors/s3_comet_cursor.svg", "color": "#3b82f6"}', false, 3),
  ('s3_aurora_background', 'Aurora', 'Northern lights behind every page.', '🌌', null, 'Legendary', current_date, 'background',
   '{"url": "/cosmetics/backgrounds/s3_aurora_background.svg", "color": "#a855f7"}', false, 3),
  ('s3_tester_badge', 'Starfall Champion', 'Reached the last tier of the Starfall Pass.', '🌠', null, 'Exotic', current_date, 'badge',
   '{"url": "/cosmetics/badges/s3_tester_badge.svg", "icon": "🌠", "color": "#f5b301"}', false, 3)
on conflict do nothing;

insert into public.battlepass_tiers (season, tier, coins_required, item_id) values
  (3, 1, 50, 's3_star_icon'),
  (3, 2, 150, 's3_dabloons_100'),
  (3, 3, 300, 's3_comet_cursor'),
  (3, 4, 600, 's3_aurora_background'),
  (3, 5, 1000, 's3_tester_badge')
on conflict do nothing;
