-- The font items' stylesheets as the app ships them under public/cosmetics/fonts/: three open-licensed
-- faces bundled with the portal (one folder each, with the font file and its licence) and two that use
-- the device's own typewriter and script faces. font_family is the body's CSS font-family value: a bare
-- name gets a generic fallback from the app, a list is used as it stands.
update public.shop_items set asset = asset || '{"url": "/cosmetics/fonts/press-start-2p/press-start-2p.css", "font_family": "Press Start 2P"}'::jsonb
where id = 'pixel_font';
update public.shop_items set asset = asset || '{"url": "/cosmetics/fonts/comic-neue/comic-neue.css", "font_family": "Comic Neue"}'::jsonb
where id = 'handwritten_font';
update public.shop_items set asset = asset || '{"url": "/cosmetics/fonts/creepster/creepster.css", "font_family": "Creepster"}'::jsonb
where id = 's2_spooky_font';
update public.shop_items set asset = asset || '{"url": "/cosmetics/fonts/typewriter/typewriter.css", "font_family": "\"Hollowed Typewriter\", \"Courier New\", monospace"}'::jsonb
where id = 'typewriter_font';
update public.shop_items set asset = asset || '{"url": "/cosmetics/fonts/wave/wave.css", "font_family": "\"Hollowed Wave\", cursive"}'::jsonb
where id = 's1_wave_font';
