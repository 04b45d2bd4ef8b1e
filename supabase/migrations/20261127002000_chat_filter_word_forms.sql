-- The chat filter finds word forms and the tricks that got past it (issue 26, item 6).
--
-- Why: tried from outside, fucks, fucked, motherfucker, fuckfuck, fvck, fuuck, f*ck, fu ck, f/u/c/k,
-- f u c k u, invisible marks between letters (U+FE0F, U+180E, U+0489, U+3164, U+2800), enclosed and
-- small-capital letters, Armenian and Greek look-alikes and 8, 9, ( for letters all got through:
-- the filter read whole words only and folded a short list of look-alikes. Now it works as the
-- obscenity matcher does (transformers, then patterns, then a whitelist):
-- - app_private.chat_folded reads a message as Latin letters (look-alike table, leetspeak, nothing
--   invisible left), app_private.chat_word_pattern spells each listed word every way it may be
--   written, and app_private.chat_blocked_spans finds blocked words inside longer words and across
--   split letters, passing those an allowed word holds;
-- - app_private.chat_allowed_words is new: Scunthorpe, class, assignment, cocktail, grape,
--   therapist and the other innocent words that hold a blocked one. Read against 275,000 English
--   words and the text of this project's documents, what is left flagged is profanity, or rare
--   (shittim, medick); a doubled letter read as one made rape match wrapped and therapeutic, so rape,
--   rapist, cock, fag and faggot count only where a word begins (at_word_start), as in obscenity;
-- - the plain spelling of any form is masked, whole word (mask_blocked_words: "motherfucker" ->
--   "************"), and any other spelling refuses the message, as before (chat_messages_guard,
--   unchanged, reads chat_normal_form, which now writes each blocked word it finds as that word);
-- - cock, rape and rapist join the starting list, with their innocent neighbours allowed.
-- Cost, on PGlite (npm run bench -- chat-filter, medians of 40 per message on a shared 2-core
-- machine, three runs): the filter's functions take 1-2 ms for 500 characters of ordinary text (the
-- old filter 1.5 ms), 2-8 ms with a blocked word in them; of the hostile messages of 500 characters
-- the benchmark sends, the slowest ("cocktail" 62 times) takes 16-34 ms, where the old filter spent
-- 789 ms on "class" 100 times (a back-reference, in its repeated-letter step; the new one has none
-- over a message). Each word's pattern is kept beside it (a trigger writes it), as building them for
-- each message cost 2 ms even for "hi".

alter table app_private.chat_blocked_words add column pattern text;
alter table app_private.chat_blocked_words add column at_word_start boolean not null default false;

-- supabase/schemas/app_private/tables/chat_allowed_words.sql -----------------------------------
-- Innocent words and phrases that hold a blocked word (issue 26: Scunthorpe, class, cocktail,
-- therapist), as the obscenity matcher's whitelist does: a blocked word found wholly inside an
-- allowed one is not a blocked word. A phrase with a space allows a blocked word read across two
-- words ("sh it" for "shh, it's"). Matched however it is spelled, as blocked words are
-- (app_private.chat_word_pattern). Operators add rows with SQL (service role) when an innocent word
-- is masked; lowercase letters, digits and single spaces, so a term can go into a regular expression
-- as it is. The starting list ships as reference data in the migrations.

create table app_private.chat_allowed_words (
  word text primary key,
  constraint chat_allowed_words_format check (word ~ '^[a-z0-9]+( [a-z0-9]+)*$' and char_length(word) between 2 and 40),
  -- app_private.chat_word_pattern of the word, written by a trigger (app_private.chat_word_set_pattern).
  pattern text not null
);

-- supabase/schemas/app_private/functions/chat_folded.sql ---------------------------------------
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

-- supabase/schemas/app_private/functions/chat_word_pattern.sql ---------------------------------
-- The regular expression that finds a listed chat word (blocked or allowed) in a message's folded
-- letters (app_private.chat_folded), however it was spelled (issue 26):
-- - each letter also matches what stands for it after folding: * for a vowel (f*ck), v for u (fvck),
--   i and l for each other (1 and | fold to i), q for g;
-- - a letter written once may be written any number of times (fuuuck), one written twice at least
--   twice, so a doubled letter keeps the word apart from its neighbours (nigger is not niger);
-- - with p_split, a single space may stand between any two letters (fu ck, f u c k: which splits
--   count is app_private.chat_blocked_spans's decision). A space in the word itself must be there.
-- Only [a-z0-9 *] reach the expression, so nothing in it needs escaping.

create or replace function app_private.chat_word_pattern(p_word text, p_split boolean) returns text
language sql immutable set search_path = pg_catalog as $$
  select string_agg(
    case r.m[1]
      when ' ' then ' '
      else
        case r.m[2]
          when 'a' then '[a*]' when 'e' then '[e*]' when 'o' then '[o*]'
          when 'i' then '[il*]' when 'l' then '[li]' when 'u' then '[uv*]' when 'g' then '[gq]'
          else r.m[2]
        end
        || case when char_length(r.m[1]) = 1 then '+' else '{' || char_length(r.m[1]) || ',}' end
    end,
    case when p_split then ' ?' else '' end order by r.n)
  from regexp_matches(app_private.chat_folded(p_word), '( |([a-z0-9])\2*)', 'g') with ordinality as r(m, n)
$$;
revoke execute on function app_private.chat_word_pattern(text, boolean) from public;

-- supabase/schemas/app_private/functions/chat_word_set_pattern.sql -----------------------------
-- Each listed chat word keeps its pattern (app_private.chat_word_pattern) beside it, written as the
-- word is: building the patterns for every message cost 2 ms on PGlite even for "hi". Blocked words
-- may be read across spaces, allowed ones as written (the trigger's argument). A migration that
-- changes how words are read (chat_folded, chat_word_pattern) writes every row again.

create or replace function app_private.chat_word_set_pattern() returns trigger
language plpgsql set search_path = pg_catalog as $$
begin
  new.pattern := app_private.chat_word_pattern(new.word, tg_argv[0]::boolean);
  return new;
end $$;
revoke execute on function app_private.chat_word_set_pattern() from public;

create trigger chat_blocked_words_pattern before insert or update on app_private.chat_blocked_words
  for each row execute function app_private.chat_word_set_pattern('true');
create trigger chat_allowed_words_pattern before insert or update on app_private.chat_allowed_words
  for each row execute function app_private.chat_word_set_pattern('false');

-- supabase/schemas/app_private/functions/chat_match_spans.sql ----------------------------------
-- Where a pattern matches in a text, as one array of start and end positions: {start1, end1, start2,
-- end2, ...}, each match [start, end) in characters, not overlapping, left to right. Two passes over
-- the text whatever the number of matches (the matches, then the text between them), where
-- regexp_instr would read the whole text again for each match (issue 26, chat_blocked_spans).
-- The pattern must not match the empty string and must hold no capturing group.

create or replace function app_private.chat_match_spans(p_text text, p_pattern text) returns int[]
language plpgsql immutable set search_path = pg_catalog as $$
declare
  v_matches text[];
  v_between text[];
  v_spans int[] := '{}';
  v_at int := 1;
  i int;
begin
  select array_agg(m.r[1] order by m.n) into v_matches
    from regexp_matches(p_text, p_pattern, 'g') with ordinality as m(r, n);
  if v_matches is null then
    return v_spans;
  end if;
  v_between := regexp_split_to_array(p_text, p_pattern);
  for i in 1 .. cardinality(v_matches) loop
    v_at := v_at + char_length(v_between[i]);
    v_spans := v_spans || v_at || v_at + char_length(v_matches[i]);
    v_at := v_at + char_length(v_matches[i]);
  end loop;
  return v_spans;
end $$;
revoke execute on function app_private.chat_match_spans(text, text) from public;

-- supabase/schemas/app_private/functions/chat_blocked_spans.sql --------------------------------
-- Where the blocked words are in a text, and which (issue 26), the way the obscenity matcher finds
-- them: a blocked word counts inside longer words (fucks, fucked, motherfucker, fuckfuck), unless an
-- allowed word (app_private.chat_allowed_words) holds the whole of it (Scunthorpe, cocktail).
-- - p_plain: p_text is the message as written, upper case folded; each word must be spelled exactly.
-- - otherwise: p_text is the message's folded letters (app_private.chat_folded) and each word is
--   found however it is spelled (app_private.chat_word_pattern). A word read across spaces (fu ck,
--   f u c k u, f/u/c/k) counts only when it begins a word and ends one, give or take an ending
--   (fu cking): "is hit" is not "shit", "who really" is not "whore", and the u of "f u c k u" stays a
--   word of its own.
-- A word marked at_word_start counts only where a word begins (rape, not wrapped).
-- Spans are [span_start, span_end) in characters of p_text. Bounded work: every pattern (each blocked
-- word's, and each allowed word's that holds a blocked word found) takes two passes of PostgreSQL's
-- automaton-based matcher over the text (no backtracking), its matches and the text between them,
-- whatever the number of matches: regexp_instr reads the whole text again for each match it is asked
-- for (70 ms for "cocktail" 62 times on PGlite). Matches do not overlap, as a /g search finds them.

create or replace function app_private.chat_blocked_spans(p_text text, p_plain boolean)
returns table (span_start int, span_end int, word text)
language plpgsql stable set search_path = pg_catalog as $$
declare
  v_words text[];
  v_patterns text[];
  v_at_word_start boolean[];
  v_found int[];
  v_cover int[];
  v_cover_start int[];
  v_cover_end int[];
  v_allowed text;
  v_held_to int;
  i int;
  j int;
  k int;
begin
  select array_agg(b.word order by char_length(b.word) desc, b.word),
         array_agg(case when p_plain then b.word else b.pattern end
                   order by char_length(b.word) desc, b.word),
         array_agg(b.at_word_start order by char_length(b.word) desc, b.word)
    into v_words, v_patterns, v_at_word_start
    from app_private.chat_blocked_words b;
  if v_words is null or not p_plain and p_text !~ array_to_string(v_patterns, '|') then
    return;
  end if;
  for i in 1 .. array_length(v_words, 1) loop
    -- A word written as it is needs no regular expression to be ruled out (PostgreSQL keeps only 32
    -- compiled, and the guard's own whole-word tests take 20 of them).
    continue when p_plain and strpos(p_text, v_words[i]) = 0;
    -- A test that it is there at all is much cheaper than finding where (no query to run).
    continue when not p_plain and p_text !~ v_patterns[i];
    v_found := app_private.chat_match_spans(p_text, v_patterns[i]);
    continue when cardinality(v_found) = 0;
    -- Where the allowed words that hold this blocked word are. One pattern at a time: PostgreSQL's
    -- matcher slows badly on one alternation of all of them (65 ms for "sh sh sh ... it" on PGlite).
    v_cover := '{}';
    for v_allowed in
      select case when p_plain then a.word else a.pattern end
      from app_private.chat_allowed_words a
      where case when p_plain then strpos(a.word, v_words[i]) > 0 and strpos(p_text, a.word) > 0 else a.word ~ v_patterns[i] end
    loop
      continue when not p_plain and p_text !~ v_allowed;
      v_cover := v_cover || app_private.chat_match_spans(p_text, v_allowed);
    end loop;
    select coalesce(array_agg(v_cover[2 * c - 1] order by v_cover[2 * c - 1]), '{}'),
           coalesce(array_agg(v_cover[2 * c] order by v_cover[2 * c - 1]), '{}')
      into v_cover_start, v_cover_end
      from generate_series(1, cardinality(v_cover) / 2) as c;
    -- Matches and allowed spans both in order of their starts: the furthest end of the allowed spans
    -- begun by a match's start tells whether one holds the match.
    v_held_to := 0;
    k := 1;
    for j in 1 .. cardinality(v_found) / 2 loop
      span_start := v_found[2 * j - 1];
      span_end := v_found[2 * j];
      while k <= cardinality(v_cover_start) and v_cover_start[k] <= span_start loop
        v_held_to := greatest(v_held_to, v_cover_end[k]);
        k := k + 1;
      end loop;
      continue when v_at_word_start[i] and span_start > 1
        and strpos('abcdefghijklmnopqrstuvwxyz0123456789*', substr(p_text, span_start - 1, 1)) > 0;
      -- Across spaces: from the start of a word to the end of one, an ending allowed.
      continue when strpos(substr(p_text, span_start, span_end - span_start), ' ') > 0
        and not ((span_start = 1 or substr(p_text, span_start - 1, 1) = ' ')
                 and substr(p_text, span_end) ~ '^(s|es|ed|er|ers|ing|in|y)?( |$)');
      continue when v_held_to >= span_end;
      word := v_words[i];
      return next;
    end loop;
  end loop;
end $$;
revoke execute on function app_private.chat_blocked_spans(text, boolean) from public;

-- supabase/schemas/app_private/functions/chat_normal_form.sql ----------------------------------
-- A chat message as the word filter reads it: its folded letters (app_private.chat_folded), with each
-- blocked word found in them (app_private.chat_blocked_spans, however spelled, in any form) written
-- out as that word alone, so the filter's whole-word test (app_private.chat_messages_guard) finds
-- "fuck" in "motherfvckers" and in "f u c k u" (which reads "fuck u"). A listed word reads as itself.
-- Issue 20 had 15 of 16 common spellings getting through; issue 26 the word forms and the rest.

create or replace function app_private.chat_normal_form(p_body text) returns text
language plpgsql stable set search_path = pg_catalog as $$
declare
  v text;
  v_out text := '';
  v_next int := 1;
  v_span record;
begin
  -- The guard asks this of every listed word for each message: answered without matching.
  if exists (select 1 from app_private.chat_blocked_words b where b.word = p_body) then
    return p_body;
  end if;
  v := app_private.chat_folded(p_body);
  for v_span in
    select s.span_start, s.span_end, s.word from app_private.chat_blocked_spans(v, false) s
    order by s.span_start, s.span_end desc
  loop
    continue when v_span.span_start < v_next;
    v_out := v_out || substr(v, v_next, v_span.span_start - v_next) || ' ' || v_span.word || ' ';
    v_next := v_span.span_end;
  end loop;
  return btrim(regexp_replace(v_out || substr(v, v_next), ' {2,}', ' ', 'g'));
end $$;
revoke execute on function app_private.chat_normal_form(text) from public;

-- supabase/schemas/app_private/functions/mask_blocked_words.sql --------------------------------
-- The body with every blocked word spelled plainly (any case) masked: the whole word that holds it
-- replaced by as many asterisks, everything else kept as written. A form of the word counts (fucks,
-- FUCKED, motherfucker, fuckfuck: issue 26), a word an allowed word holds does not (Scunthorpe:
-- app_private.chat_blocked_spans). A blocked word spelled to slip past this is left for
-- app_private.chat_messages_guard, which refuses the message.

create or replace function app_private.mask_blocked_words(p_body text) returns text
language plpgsql stable set search_path = pg_catalog as $$
declare
  v_lower text := translate(p_body, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz');
  v_out text := p_body;
  v_span record;
  v_from int;
  v_to int;
begin
  for v_span in select s.span_start, s.span_end from app_private.chat_blocked_spans(v_lower, true) s loop
    v_from := v_span.span_start - char_length(substring(left(v_lower, v_span.span_start - 1) from '[a-z]*$'));
    v_to := v_span.span_end + char_length(substring(substr(v_lower, v_span.span_end) from '^[a-z]*'));
    v_out := overlay(v_out placing repeat('*', v_to - v_from) from v_from for v_to - v_from);
  end loop;
  return v_out;
end $$;

update app_private.chat_blocked_words set word = word;
alter table app_private.chat_blocked_words alter column pattern set not null;

insert into app_private.chat_blocked_words (word, at_word_start) values ('cock', true), ('rape', true), ('rapist', true)
on conflict (word) do update set at_word_start = true;
update app_private.chat_blocked_words set at_word_start = true where word in ('fag', 'faggot');

insert into app_private.chat_allowed_words (word) values
  ('scunthorpe'), ('shitake'), ('shiitake'), ('mishit'), ('sh it'), ('shi t'), ('s hit'),
  ('dickens'), ('dickinson'), ('dickson'), ('dickey'), ('dickie'), ('dicky'), ('dicker'), ('dickory'), ('dickety'),
  ('benedick'), ('moby dick'), ('who re'), ('retardant'), ('retardation'), ('snigger'), ('niggard'),
  ('fagot'), ('fagin'), ('faq'),
  ('cocktail'), ('cockpit'), ('cockatoo'), ('cockatiel'), ('cockroach'), ('cockerel'), ('cocker'), ('cocked'),
  ('cocking'), ('cockle'), ('cockney'), ('cocky'), ('cockeyed'), ('cocksure'), ('cockade'), ('cockscomb'),
  ('cockamamie'), ('cockatrice'), ('cockcrow'), ('cock a doodle'), ('peacock'), ('hancock'),
  ('cockchafer'), ('cockswain'), ('rapper'), ('rapped'), ('rappel'), ('rapeseed'), ('grape'), ('therapist'),
  ('class'), ('assignment'), ('assassin'), ('passage'), ('bass'), ('pass'), ('mass'), ('glass'), ('grass'),
  ('brass'), ('assess'), ('assist'), ('associat'), ('assum'), ('assembl'), ('assert'), ('asset'), ('compass'),
  ('embarrass'), ('harass'), ('passenger'), ('passion'), ('cassette'), ('lasso'), ('hassle'), ('potassium'),
  ('ambassador'), ('analysis'), ('analyst'), ('canal')
on conflict do nothing;
