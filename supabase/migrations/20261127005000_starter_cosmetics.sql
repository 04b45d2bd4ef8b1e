-- Starter cosmetics (issue 27): a new student can buy a first cursor or background on day one.
--
-- Why: a new student earned 150 Dabloons on day one (the first streak claim pays 100, then 20 minutes
-- and five games opened pay 50 with the streak bonus), while the cheapest cursor, background or font
-- cost 500: nothing to wear until day three. The curve the shop is priced against, and the day each
-- price band is reached, is src/domain/economy.ts (PRICE_CURVE). The Pixel Arrow cursor comes down from
-- 500 to 150 and a Bubbles background at 150 joins it, so both are a first break's play away; every
-- other price, reward and ledger rule is unchanged, and the spec's listed prices (goose 100, sword
-- cursor and the cat and pink backgrounds 800, ducks 6000 and 30000, Gold Hoarder 10000) stay.

update public.shop_items set price = 150 where id = 'pixel_arrow_cursor';

insert into public.shop_items
  (id, name, description, preview_emoji, price, rarity, created_at, type, asset, listed, battlepass_season)
values
  ('bubbles_background', 'Bubbles', 'Soap bubbles drifting behind every page.', '🔵', 150, 'Common', '2026-11-27', 'background',
   '{"url": "/cosmetics/backgrounds/bubbles_background.svg", "color": "#ffffff"}'::jsonb, true, null)
on conflict (id) do nothing;
