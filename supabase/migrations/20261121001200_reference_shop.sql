-- Reference data: the static shop catalogue (51 items) and the battle-pass seasons 1 and 2 with
-- their tiers. Prices and rewards are what buy_item and claim_battlepass_tier trust, and hosted
-- deployments need them, so they ship as a migration. Inserts skip existing rows, so an operator's
-- later edits survive. Season windows are [starts_at, ends_at): the Hollowed Pass runs from the start
-- of 1 October 2025 UTC up to, not including, 15 November 2025 UTC.
-- Battle-pass rewards are not listed (they are earned, not bought); Dabloon packs (type coin, price =
-- the coins in the pack) are never listed either, so they cannot be bought with coins.
-- Asset files live under /cosmetics/ (drawn by the economy issue, #6); fonts are stylesheets.

insert into public.battlepass_seasons (season, name, starts_at, ends_at) values
  (1, 'Summer Pass', '2025-06-01 00:00:00+00', '2025-09-01 00:00:00+00'),
  (2, 'Hollowed Pass', '2025-10-01 00:00:00+00', '2025-11-15 00:00:00+00')
on conflict do nothing;

insert into public.shop_items
  (id, name, description, preview_emoji, price, rarity, created_at, type, asset, listed, battlepass_season)
values
  ('desktop_goose', 'Desktop Goose', 'A goose that waddles across your screen and honks now and then.', '🪿', 100, 'Rare', '2025-01-15', 'special', '{"url": "/cosmetics/specials/desktop_goose.svg", "color": "#3b82f6"}'::jsonb, true, null),
  ('duck_icon', 'Duck', 'A trusty rubber duck for your profile.', '🦆', 6000, 'Rare', '2025-01-15', 'icon', '{"url": "/cosmetics/icons/duck_icon.svg", "color": "#3b82f6"}'::jsonb, true, null),
  ('golden_duck_icon', 'Golden Duck', 'The rarest duck of all, cast in solid gold.', '🦆', 30000, 'Exotic', '2025-01-15', 'icon', '{"url": "/cosmetics/icons/golden_duck_icon.svg", "color": "#f5b301"}'::jsonb, true, null),
  ('sword_cursor', 'Sword Cursor', 'Point with the blade of a hero.', '🗡️', 800, 'Common', '2025-01-15', 'cursor', '{"url": "/cosmetics/cursors/sword_cursor.svg", "color": "#ffffff"}'::jsonb, true, null),
  ('cat_background', 'Cat Background', 'Cats. Everywhere. Napping.', '🐱', 800, 'Common', '2025-01-15', 'background', '{"url": "/cosmetics/backgrounds/cat_background.svg", "color": "#ffffff"}'::jsonb, true, null),
  ('pink_background', 'Pink Background', 'Soft pink clouds behind every page.', '🌸', 800, 'Common', '2025-01-15', 'background', '{"url": "/cosmetics/backgrounds/pink_background.svg", "color": "#ffffff"}'::jsonb, true, null),
  ('gold_hoarder_badge', 'Gold Hoarder', 'For those who would rather keep the coins than spend them.', '🪙', 10000, 'Legendary', '2025-01-15', 'badge', '{"url": "/cosmetics/badges/gold_hoarder_badge.svg", "icon": "🪙", "color": "#a855f7"}'::jsonb, true, null),
  ('pixel_arrow_cursor', 'Pixel Arrow', 'The arrow of an 8-bit computer.', '🖱️', 500, 'Common', '2025-01-15', 'cursor', '{"url": "/cosmetics/cursors/pixel_arrow_cursor.svg", "color": "#ffffff"}'::jsonb, true, null),
  ('magic_wand_cursor', 'Magic Wand', 'Every click a little spell.', '🪄', 1500, 'Rare', '2025-01-15', 'cursor', '{"url": "/cosmetics/cursors/magic_wand_cursor.svg", "color": "#3b82f6"}'::jsonb, true, null),
  ('space_background', 'Deep Space', 'Stars and a distant nebula.', '🌌', 1200, 'Rare', '2025-01-15', 'background', '{"url": "/cosmetics/backgrounds/space_background.svg", "color": "#3b82f6"}'::jsonb, true, null),
  ('ocean_background', 'Ocean', 'Calm blue waves.', '🌊', 1200, 'Common', '2025-01-15', 'background', '{"url": "/cosmetics/backgrounds/ocean_background.svg", "color": "#ffffff"}'::jsonb, true, null),
  ('forest_background', 'Forest', 'Tall pines and morning light.', '🌲', 1000, 'Common', '2025-01-15', 'background', '{"url": "/cosmetics/backgrounds/forest_background.svg", "color": "#ffffff"}'::jsonb, true, null),
  ('retro_grid_background', 'Retro Grid', 'A neon grid running to the horizon.', '🕹️', 2500, 'Legendary', '2025-01-15', 'background', '{"url": "/cosmetics/backgrounds/retro_grid_background.svg", "color": "#a855f7"}'::jsonb, true, null),
  ('pixel_font', 'Pixel Font', 'Blocky letters straight out of an arcade.', '👾', 1500, 'Rare', '2025-01-15', 'font', '{"url": "/cosmetics/fonts/pixel_font.css", "font_family": "Hollowed Pixel", "color": "#3b82f6"}'::jsonb, true, null),
  ('handwritten_font', 'Handwritten Font', 'Letters that look written by hand.', '✍️', 1200, 'Common', '2025-01-15', 'font', '{"url": "/cosmetics/fonts/handwritten_font.css", "font_family": "Hollowed Hand", "color": "#ffffff"}'::jsonb, true, null),
  ('typewriter_font', 'Typewriter Font', 'Clack, clack, ding.', '⌨️', 2000, 'Rare', '2025-01-15', 'font', '{"url": "/cosmetics/fonts/typewriter_font.css", "font_family": "Hollowed Typewriter", "color": "#3b82f6"}'::jsonb, true, null),
  ('frog_icon', 'Frog', 'A cheerful frog.', '🐸', 2000, 'Common', '2025-01-15', 'icon', '{"url": "/cosmetics/icons/frog_icon.svg", "color": "#ffffff"}'::jsonb, true, null),
  ('cat_icon', 'Cat', 'A cat that judges you, lovingly.', '🐈', 2000, 'Common', '2025-01-15', 'icon', '{"url": "/cosmetics/icons/cat_icon.svg", "color": "#ffffff"}'::jsonb, true, null),
  ('robot_icon', 'Robot', 'Beep boop.', '🤖', 4000, 'Rare', '2025-01-15', 'icon', '{"url": "/cosmetics/icons/robot_icon.svg", "color": "#3b82f6"}'::jsonb, true, null),
  ('dragon_icon', 'Dragon', 'A dragon guarding your profile.', '🐉', 15000, 'Legendary', '2025-01-15', 'icon', '{"url": "/cosmetics/icons/dragon_icon.svg", "color": "#a855f7"}'::jsonb, true, null),
  ('bookworm_badge', 'Bookworm', 'Reads the rules before playing.', '📚', 3000, 'Rare', '2025-01-15', 'badge', '{"url": "/cosmetics/badges/bookworm_badge.svg", "icon": "📚", "color": "#3b82f6"}'::jsonb, true, null),
  ('night_owl_badge', 'Night Owl', 'Plays best after dark.', '🦉', 5000, 'Rare', '2025-01-15', 'badge', '{"url": "/cosmetics/badges/night_owl_badge.svg", "icon": "🦉", "color": "#3b82f6"}'::jsonb, true, null),
  ('confetti_special', 'Confetti', 'A burst of confetti on every high score.', '🎉', 2500, 'Rare', '2025-01-15', 'special', '{"url": "/cosmetics/specials/confetti_special.svg", "color": "#3b82f6"}'::jsonb, true, null),
  ('dabloons_100', '100 Dabloons', 'A pouch of 100 Dabloons.', '🪙', 100, 'Common', '2025-01-15', 'coin', '{"icon": "🪙", "color": "#ffffff"}'::jsonb, false, null),
  ('dabloons_500', '500 Dabloons', 'A pouch of 500 Dabloons.', '🪙', 500, 'Common', '2025-01-15', 'coin', '{"icon": "🪙", "color": "#ffffff"}'::jsonb, false, null),
  ('dabloons_1000', '1,000 Dabloons', 'A pouch of 1,000 Dabloons.', '🪙', 1000, 'Rare', '2025-01-15', 'coin', '{"icon": "🪙", "color": "#3b82f6"}'::jsonb, false, null),
  ('dabloons_2500', '2,500 Dabloons', 'A pouch of 2,500 Dabloons.', '🪙', 2500, 'Rare', '2025-01-15', 'coin', '{"icon": "🪙", "color": "#3b82f6"}'::jsonb, false, null),
  ('dabloons_5000', '5,000 Dabloons', 'A pouch of 5,000 Dabloons.', '🪙', 5000, 'Legendary', '2025-01-15', 'coin', '{"icon": "🪙", "color": "#a855f7"}'::jsonb, false, null),
  ('dabloons_10000', '10,000 Dabloons', 'A pouch of 10,000 Dabloons.', '🪙', 10000, 'Exotic', '2025-01-15', 'coin', '{"icon": "🪙", "color": "#f5b301"}'::jsonb, false, null),
  ('s1_sunglasses_icon', 'Cool Shades', 'Too cool for school.', '😎', null, 'Common', '2025-06-01', 'icon', '{"url": "/cosmetics/icons/s1_sunglasses_icon.svg", "color": "#ffffff"}'::jsonb, false, 1),
  ('s1_beach_background', 'Beach', 'Sand, sun and a striped umbrella.', '🏖️', null, 'Common', '2025-06-01', 'background', '{"url": "/cosmetics/backgrounds/s1_beach_background.svg", "color": "#ffffff"}'::jsonb, false, 1),
  ('s1_dabloons_500', '500 Summer Dabloons', 'A sunny pouch of 500 Dabloons.', '🪙', 500, 'Common', '2025-06-01', 'coin', '{"icon": "🪙", "color": "#ffffff"}'::jsonb, false, 1),
  ('s1_palm_cursor', 'Palm Cursor', 'Point with a palm leaf.', '🌴', null, 'Rare', '2025-06-01', 'cursor', '{"url": "/cosmetics/cursors/s1_palm_cursor.svg", "color": "#3b82f6"}'::jsonb, false, 1),
  ('s1_ice_cream_icon', 'Ice Cream', 'Two scoops, no melting.', '🍦', null, 'Rare', '2025-06-01', 'icon', '{"url": "/cosmetics/icons/s1_ice_cream_icon.svg", "color": "#3b82f6"}'::jsonb, false, 1),
  ('s1_wave_font', 'Wave Font', 'Letters that ride the surf.', '🏄', null, 'Rare', '2025-06-01', 'font', '{"url": "/cosmetics/fonts/s1_wave_font.css", "font_family": "Hollowed Wave", "color": "#3b82f6"}'::jsonb, false, 1),
  ('s1_dabloons_1000', '1,000 Summer Dabloons', 'A sunny pouch of 1,000 Dabloons.', '🪙', 1000, 'Rare', '2025-06-01', 'coin', '{"icon": "🪙", "color": "#3b82f6"}'::jsonb, false, 1),
  ('s1_sunset_background', 'Sunset', 'The sky on the last day of summer.', '🌅', null, 'Legendary', '2025-06-01', 'background', '{"url": "/cosmetics/backgrounds/s1_sunset_background.svg", "color": "#a855f7"}'::jsonb, false, 1),
  ('s1_sunburst_badge', 'Sunburst', 'Played all summer long.', '☀️', null, 'Legendary', '2025-06-01', 'badge', '{"url": "/cosmetics/badges/s1_sunburst_badge.svg", "icon": "☀️", "color": "#a855f7"}'::jsonb, false, 1),
  ('s1_surfer_badge', 'Surf Champion', 'Finished the whole summer pass.', '🏆', null, 'Exotic', '2025-06-01', 'badge', '{"url": "/cosmetics/badges/s1_surfer_badge.svg", "icon": "🏆", "color": "#f5b301"}'::jsonb, false, 1),
  ('s2_pumpkin_icon', 'Pumpkin', 'A grinning jack-o-lantern.', '🎃', null, 'Common', '2025-10-01', 'icon', '{"url": "/cosmetics/icons/s2_pumpkin_icon.svg", "color": "#ffffff"}'::jsonb, false, 2),
  ('s2_ghost_cursor', 'Ghost Cursor', 'A friendly ghost follows your clicks.', '👻', null, 'Common', '2025-10-01', 'cursor', '{"url": "/cosmetics/cursors/s2_ghost_cursor.svg", "color": "#ffffff"}'::jsonb, false, 2),
  ('s2_dabloons_500', '500 Hollowed Dabloons', 'A spooky pouch of 500 Dabloons.', '🪙', 500, 'Common', '2025-10-01', 'coin', '{"icon": "🪙", "color": "#ffffff"}'::jsonb, false, 2),
  ('s2_candy_icon', 'Candy', 'Trick or treat!', '🍬', null, 'Common', '2025-10-01', 'icon', '{"url": "/cosmetics/icons/s2_candy_icon.svg", "color": "#ffffff"}'::jsonb, false, 2),
  ('s2_haunted_background', 'Haunted House', 'Creaky floors and flickering lights.', '🏚️', null, 'Rare', '2025-10-01', 'background', '{"url": "/cosmetics/backgrounds/s2_haunted_background.svg", "color": "#3b82f6"}'::jsonb, false, 2),
  ('s2_spooky_font', 'Spooky Font', 'Letters dripping with dread.', '🕸️', null, 'Rare', '2025-10-01', 'font', '{"url": "/cosmetics/fonts/s2_spooky_font.css", "font_family": "Hollowed Spooky", "color": "#3b82f6"}'::jsonb, false, 2),
  ('s2_bat_badge', 'Night Bat', 'Flew through the Hollowed Pass.', '🦇', null, 'Rare', '2025-10-01', 'badge', '{"url": "/cosmetics/badges/s2_bat_badge.svg", "icon": "🦇", "color": "#3b82f6"}'::jsonb, false, 2),
  ('s2_witch_hat_icon', 'Witch Hat', 'Pointy and slightly enchanted.', '🧙', null, 'Rare', '2025-10-01', 'icon', '{"url": "/cosmetics/icons/s2_witch_hat_icon.svg", "color": "#3b82f6"}'::jsonb, false, 2),
  ('s2_scythe_cursor', 'Scythe Cursor', 'Harvest clicks.', '🪦', null, 'Legendary', '2025-10-01', 'cursor', '{"url": "/cosmetics/cursors/s2_scythe_cursor.svg", "color": "#a855f7"}'::jsonb, false, 2),
  ('s2_graveyard_background', 'Graveyard', 'Fog between the tombstones.', '⚰️', null, 'Legendary', '2025-10-01', 'background', '{"url": "/cosmetics/backgrounds/s2_graveyard_background.svg", "color": "#a855f7"}'::jsonb, false, 2),
  ('s2_full_moon_background', 'Full Moon', 'A huge moon over the hollow.', '🌕', null, 'Legendary', '2025-10-01', 'background', '{"url": "/cosmetics/backgrounds/s2_full_moon_background.svg", "color": "#a855f7"}'::jsonb, false, 2),
  ('s2_hollowed_crown_badge', 'Hollowed Crown', 'Finished the whole Hollowed Pass.', '👑', null, 'Exotic', '2025-10-01', 'badge', '{"url": "/cosmetics/badges/s2_hollowed_crown_badge.svg", "icon": "👑", "color": "#f5b301"}'::jsonb, false, 2)
on conflict do nothing;

insert into public.battlepass_tiers (season, tier, coins_required, item_id) values
  (1, 1, 100, 's1_sunglasses_icon'),
  (1, 2, 300, 's1_beach_background'),
  (1, 3, 600, 's1_dabloons_500'),
  (1, 4, 1000, 's1_palm_cursor'),
  (1, 5, 1500, 's1_ice_cream_icon'),
  (1, 6, 2100, 's1_wave_font'),
  (1, 7, 2800, 's1_dabloons_1000'),
  (1, 8, 3600, 's1_sunset_background'),
  (1, 9, 4500, 's1_sunburst_badge'),
  (1, 10, 5500, 's1_surfer_badge'),
  (2, 1, 100, 's2_pumpkin_icon'),
  (2, 2, 250, 's2_ghost_cursor'),
  (2, 3, 500, 's2_dabloons_500'),
  (2, 4, 800, 's2_candy_icon'),
  (2, 5, 1200, 's2_haunted_background'),
  (2, 6, 1700, 's2_spooky_font'),
  (2, 7, 2300, 's2_bat_badge'),
  (2, 8, 3000, 's2_witch_hat_icon'),
  (2, 9, 3800, 's2_scythe_cursor'),
  (2, 10, 4700, 's2_graveyard_background'),
  (2, 11, 5700, 's2_full_moon_background'),
  (2, 12, 7000, 's2_hollowed_crown_badge')
on conflict do nothing;
