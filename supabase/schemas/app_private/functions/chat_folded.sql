-- A chat message as the word filter reads it, letter by letter (issue 26): lower-case Latin
-- letters, the digits no letter is written with, '*' (written for a vowel: f*ck) and single spaces
-- where anything else was. Each trick has its step:
-- - compatibility forms are taken apart (NFKD: full-width, circled, mathematical and superscript
--   letters, ligatures, accents split from their letters);
-- - what shows nothing is dropped, so it cannot split a word: combining marks (accents, U+0489),
--   format characters (zero-width, U+180E, U+FEFF, tags), variation selectors (U+FE0F), and the
--   blank-looking letters and symbols (Hangul fillers U+3164, U+115F, U+1160 and U+FFA0, Braille
--   blank U+2800);
-- - upper case is folded here, not by lower(), which folds ASCII only in a C-collated database;
-- - letters that look Latin are read as Latin: Cyrillic, Greek, Armenian, small capitals, negative
--   circled and squared letters, regional indicators and about a thousand more, from the
--   confusables table the obscenity matcher ships (copyright 2019 github.com/gc, MIT licence),
--   leaving out what NFKD already folds;
-- - leetspeak is read as letters (0 o, 1 ! | i, 3 € e, 4 @ a, 5 $ s, 7 + t, 8 b, 9 g), and ( [ { <
--   between two letters as c (fu(k), not the bracket before a word);
-- - everything else (white space, punctuation, emoji, other scripts) separates words, as one space.

create or replace function app_private.chat_folded(p_body text) returns text
language plpgsql immutable set search_path = pg_catalog as $$
declare
  c_lookalikes constant text := 'аАαΑɑᴀвВβΒʙßЬьсСᴄςԁᴅеЕεΕᴇ€ꜰɢցɡһнНΗʜհіІιΙɪӀıјЈᴊϳкКκΚᴋʟмМΜᴍɴոηΝоОοΟᴏօσрРρΡᴘԛгʀѕЅꜱтТτΤᴛᴜսυѵνᴠԝᴡωաхХχΧуУγΥʏᴢΖ⓿⓵➊➀❶⥠⓶➋ƻᒿᒾƧᴤ➁❷ᘝƨⳌꞫꝪ➌ЗȜ⓷ӠƷʒʓƺзᦡ➂ᶚᴣᴟ❸Ҙҙӡ➍ҶᏎҷ⓸Ҹҹчㄩ➃❹Ӌ⓹➎Ƽ➄❺ƽⳒᏮ➏⓺Ϭϭбᧈ➅❻⓻𐓒➐❼➆𐌚➑⓼৪➇❽ꝮⳊ⓽➒੧৭୨Գ➈❾Ꭿ𐊠ꓮᎪꭺ🅐∀🇦₳🅰дᗅᗩȺʌΛλƛДልᕱ∂⍺ձᶏɒคმɐᶐⱥ⍶𐌁𐊡ꓐ𐊂ᏴᏼꞴ🅑฿ᗿᗾᗽ🅱ᗷƁ乃ცჩ๖ɮБՅ๒ᙖጌẞɃദᗹᗸᙞᙟᙝᛒᙗᙘᴃ🇧Ꮟ♭ᑳᒈᖚᕹᕺҍъƃɓƅᖯƄᑲþƂЪᶀᑿᒀᒂᒁᑾƀҌѢѣᔎᏟⲤꓚ𐊢𐌂🅲𐐕🅒☾ↃƇᑕㄈ¢८↻ϾՇȻᙅҀ©टƆ匚Ҫʗᑖᑡᑢᑣᑤᑥᔍⲥ𐐽ꮯҁƈȼↄርҫ꒝ɽϛᑦ᧚₵🇨ᥴᒼᎠꭰꓓ🅳🅓ƉᗪƊÐԺↁĐÞᗞᑯᗫᗬᗟᗠᴆ🇩Ꮷꓒᵭ₫ԃđƌɖɗᶁԀᑺᑻᑼᑽᒄᑰᑱᶑʠժꭼ𐊆ꓰ🅴🅔ƎᕮƐモЄ乇ɆꂅⴹᎬԐ🇪Ҿҿᧉᶒɘ૯ǝєҽɛɇ℮ԑᥱ𐊇𐊥ꓝꞘ🅵🅕ғҒᖴƑԲϝቻϜ₣🇫Ⅎƒʃբꊰʄ∱ᶂꓖᏳᏀᏻꮐ🅶🅖ƓʛᘜԌǤԍ₲🇬⅁૭ǥɠᧁꓧ𐋏ꮋᎻⲎ🅷🅗ዞǶԋᚺĦⱧҢңҤӉӈҥ卄♓ᕼӇ🇭ҺђħⱨከኩኪካɦիᑋᗁɧんɥꀤᏆ🅸🅘ٳٲ៸Ɨェエᑊᥣ🇮∣ⵏ׀ا١۱ߊᛁɨᶖ🅹🅙ʝᒍנʆวلյʖጋɈՂๅႱᎫȷ丿ᒘᒙᒚᒛᒴᒵᒎᒏ🇯ɉڶꓗⲔᏦ🅺🅚₭ĸƘҠқҟӄʞҚҡᛕጕҜҝҞⱩϗӃ🇰ƙⱪᶄ𐐛Ⳑ𐑃ⳑꮮᏞꓡ🅻🅛└ւᒪ乚ՆꓶԼረΓլᄂⱢᥧᥨᒻᒶᒷᒺᒹᒸᒫ⎳ㄥŁⱠȽ🇱łɭƚɫⱡƖʅǀוןӏɩ𐌑𐊰ꓟⲘᎷ🅼🅜൱ᗰ州ᘻო๓♏ʍᙏ௱ϺᛖӍӎ🇲₥ᵯനᙢ൩ϻጠɱ៳ᶆ᧕᧗ꓠⲚ🅽₦🅝ҋ៷ᴎƝᑎ几иՈռИהЛπ刀ክПᴨทŊћᥢҊᴻ🇳חᥒᴒɲղຖՌƞŋภกɳплԉȠդበቡቢባቤብቦȵᶇᵰᥥ∩ꄲ𐊒ꓳⲞ𐐄𐊫𐓂🅞⍥◯ⵁ⊖⊝ѲѺӨʘㇿ❍ロ❤૦⊕ØФԾΘ¤◊Φ〇Օଠഠ௦סƟⵔ߀៰⍜⎔⎕⦰⦱⦲⦳⦴⦵⦶⦷⦸⦹⦺⦻⦼⦽⦾⦿⧀⧁⧂⧃ဝⲟ၀𐐬𐓪🇴⍤○ϙ🅾ᐤѳ᧐ᥲðఠᦞՓө๏ѻዐ০୦٥౦೦൦๐໐ᴑ०੦øɵծꓑꮲⲢ𐊕Ꮲ🅟Ҏ🅿Ƥᑭ尸րφքקየᴩⱣᑸᑶᑷᑹᑬᑮ🇵₱ҏ℗ƥᵽƿǷ⍴🆀🅠ⵕԚ🇶գ۹զᑫɋɊ℞℟ꭱᏒ𐒴ꮢᎡꓣ🆁🅡ᴙᖇя尺ЯરƦዪɌʁⱤᚱ🇷ᴚՐɾᥬɍɼᴦᶉᵲґꇙᏚᏕꓢ𐊖𐐠🆂🅢ֆՏടᔕᔖᔢᔡᔣᔤ𐑈ꮪʂȿᶊకގ🇸🆃𐌕𐊱𐊗🝨ꓔ⟙Ⲧ⊤Ꭲꭲ🅣⏇⏉ҬҭƬイŦԵፕϮ⊥Ʈ下丅丁ᐪㄒ🇹ጥȶ੮էʇ†ƭŧʈեƫナꓴ𐓎꒤🆄🅤ᑗᑘᑌ凵ƱմԱꓵЦՄƲᙀપՍɄᥩᑧ∪ᘮ⋃🇺ᥙนʊยцሁᵾʋʉᥔᶙꓦᏙ🆅🅥ᐯѴ۷٧ⴸᐺᐻ🇻ሀ౮งעט៴ᘁᏔᎳꓪ🆆🅦ᗯᥕ山ѠຟచЩШщฬшᙎฝሠԜധᘺѿᙡƜ₩🇼ꮃ⍵ⱳⱲѡɯ🞨🞩🞪🞫🞬𐌗Ⲭꓫ𐊐Ꭓ𐌢𐊴🆇🅧❌᙭ㄨӾჯӼҳЖҲאሸꊼ╳᙮ᕁᕽᚷⵝ乂🇽×⤫⤬⨯ᶍӽ⨰Ⲩꓬ𐊲🆈🅨Ƴㄚ⅄¥ՎץЧሃɎϤҮҰұ🇾ᎽᎩყƴɏɣᶌүʎꓜ☡Ꮓ🆉🅩Ƶ乙ȤⱫ🇿ꮓƶȥɀጊʐⱬᶎʑᙆ';
  c_letters constant text := 'aaaaaabbbbbbbbccccddeeeeeefggghhhhhhiiiiiiijjjjkkkkklmmmmnnnnooooooopppppqrrssstttttuuuvvvwwwwxxxxyyyyyzz0111112222222222233333333333333333333334444444444445555556666666666777778888889999999999aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaabbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbccccccccccccccccccccccccccccccccccccccccccccccccccccddddddddddddddddddddddddddddddddddddddddddeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeffffffffffffffffffffffffgggggggggggggggggggghhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhiiiiiiiiiiiiiiiiiiiiiiijjjjjjjjjjjjjjjjjjjjjjjjjjjjjkkkkkkkkkkkkkkkkkkkkkkkkkkkllllllllllllllllllllllllllllllllllllllllllllllllmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooopppppppppppppppppppppppppppppppppqqqqqqqqqqqrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrsssssssssssssssssssssssssttttttttttttttttttttttttttttttttttttttttttuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuvvvvvvvvvvvvvvvvvvvwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxyyyyyyyyyyyyyyyyyyyyyyyyyyyyzzzzzzzzzzzzzzzzzzzz';
  v text := normalize(p_body, NFKD);
  v_char text;
  v_at int;
begin
  v := regexp_replace(v, '[\u0300-\u036f\u0483-\u0489\u0591-\u05c7\u0610-\u061a\u061c\u064b-\u065f\u0670\u06d6-\u06ed\u0e31\u0e34-\u0e3a\u0e47-\u0e4e\u00ad\u115f\u1160\u17b4\u17b5\u180b-\u180f\u1ab0-\u1aff\u1dc0-\u1dff\u200b-\u200f\u202a-\u202e\u2060-\u206f\u20d0-\u20ff\u2800\u3164\ufe00-\ufe0f\ufe20-\ufe2f\ufeff\uffa0\ufff9-\ufffb\U0001d173-\U0001d17a\U000e0000-\U000e007f\U000e0100-\U000e01ef]', '', 'g');
  v := translate(v, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz');
  -- The look-alike table is long, and translate() reads all of it for every character (18 ms for 500
  -- characters on PGlite): each distinct character outside ASCII is looked up once instead.
  for v_char in select distinct c.m[1] from regexp_matches(v, '[^\u0001-\u007f]', 'g') as c(m) loop
    v_at := strpos(c_lookalikes, v_char);
    if v_at > 0 then
      v := replace(v, v_char, substr(c_letters, v_at, 1));
    end if;
  end loop;
  v := translate(v, '0134@57+89!|$€', 'oieaasttbgiise');
  v := regexp_replace(v, '(?<=[a-z])[([{<](?=[a-z])', 'c', 'g');
  return btrim(regexp_replace(v, '[^a-z0-9*]+', ' ', 'g'));
end $$;
revoke execute on function app_private.chat_folded(text) from public;
