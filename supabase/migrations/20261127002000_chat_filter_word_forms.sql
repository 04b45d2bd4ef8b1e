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
--   therapist and the other innocent words that hold a blocked one;
-- - the plain spelling of any form is masked, whole word (mask_blocked_words: "motherfucker" ->
--   "************"), and any other spelling refuses the message, as before (chat_messages_guard,
--   unchanged, reads chat_normal_form, which now writes each blocked word it finds as that word);
-- - cock, rape and rapist join the starting list, with their innocent neighbours allowed.
-- Cost, on PGlite (npm run bench -- chat-filter): FIGURES.

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
  constraint chat_allowed_words_format check (word ~ '^[a-z0-9]+( [a-z0-9]+)*$' and char_length(word) between 2 and 40)
);

-- supabase/schemas/app_private/functions/chat_folded.sql ---------------------------------------
-- A chat message as the word filter reads it, letter by letter (issue 26): lower-case Latin letters,
-- the digits no letter is written with, '*' (written for a vowel: f*ck) and single spaces where anything
-- else was. Each trick has its step:
-- - compatibility forms are taken apart (NFKD: full-width, circled, mathematical and superscript
--   letters, ligatures, accents split from their letters);
-- - what shows nothing is dropped, so it cannot split a word: combining marks (accents, U+0489),
--   format characters (zero-width, U+180E, U+FEFF, tags), variation selectors (U+FE0F), and the
--   blank-looking letters and symbols (Hangul fillers U+3164 and U+115F/U+1160/U+FFA0, Braille blank U+2800);
-- - upper case is folded here, not by lower(), which folds ASCII only in a C-collated database;
-- - letters that look Latin are read as Latin: Cyrillic, Greek, Armenian, small capitals, negative
--   circled and squared letters, regional indicators and about a thousand more, from the confusables
--   table (MIT, github.com/gc/confusables) as the obscenity matcher ships it, leaving out what NFKD already folds;
-- - leetspeak is read as letters (0 o, 1 ! | i, 3 € e, 4 @ a, 5 $ s, 7 + t, 8 b, 9 g), and ( [ { <
--   between two letters as c (fu(k), not the bracket before a word);
-- - everything else (white space, punctuation, emoji, other scripts) separates words, as one space.
-- Measured on PGlite: see mask_blocked_words.

create or replace function app_private.chat_folded(p_body text) returns text
language plpgsql immutable set search_path = pg_catalog as $$
declare
  v text := normalize(p_body, NFKD);
begin
  v := regexp_replace(v, '[\u0300-\u036f\u0483-\u0489\u0591-\u05c7\u0610-\u061a\u061c\u064b-\u065f\u0670\u06d6-\u06ed\u0e31\u0e34-\u0e3a\u0e47-\u0e4e\u00ad\u115f\u1160\u17b4\u17b5\u180b-\u180f\u1ab0-\u1aff\u1dc0-\u1dff\u200b-\u200f\u202a-\u202e\u2060-\u206f\u20d0-\u20ff\u2800\u3164\ufe00-\ufe0f\ufe20-\ufe2f\ufeff\uffa0\ufff9-\ufffb\U0001d173-\U0001d17a\U000e0000-\U000e007f\U000e0100-\U000e01ef]', '', 'g');
  v := translate(v, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz');
  -- The look-alike table is long: only a message with a character outside ASCII pays for it.
  if v ~ '[^\u0001-\u007f]' then
    v := translate(v,
      'аАαΑɑᴀвВβΒʙßЬьсСᴄςԁᴅеЕεΕᴇ€ꜰɢցɡһнНΗʜհіІιΙɪӀıјЈᴊϳкКκΚᴋʟмМΜᴍɴոηΝоОοΟᴏօσрРρΡᴘԛгʀѕЅꜱтТτΤᴛᴜսυѵνᴠԝᴡωաхХχΧуУγΥʏᴢΖ⓿⓵➊➀❶⥠⓶➋ƻᒿᒾƧᴤ➁❷ᘝƨⳌꞫꝪ➌ЗȜ⓷ӠƷʒʓƺзᦡ➂ᶚᴣᴟ❸Ҙҙӡ➍ҶᏎҷ⓸Ҹҹчㄩ➃❹Ӌ⓹➎Ƽ➄❺ƽⳒᏮ➏⓺Ϭϭбᧈ➅❻⓻𐓒➐❼➆𐌚➑⓼৪➇❽ꝮⳊ⓽➒੧৭୨Գ➈❾Ꭿ𐊠ꓮᎪꭺ🅐∀🇦₳🅰дᗅᗩȺʌΛλƛДልᕱ∂⍺ձᶏɒคმɐᶐⱥ⍶𐌁𐊡ꓐ𐊂ᏴᏼꞴ🅑฿ᗿᗾᗽ🅱ᗷƁ乃ცჩ๖ɮБՅ๒ᙖጌẞɃദᗹᗸᙞᙟᙝᛒᙗᙘᴃ🇧Ꮟ♭ᑳᒈᖚᕹᕺҍъƃɓƅᖯƄᑲþƂЪᶀᑿᒀᒂᒁᑾƀҌѢѣᔎᏟⲤꓚ𐊢𐌂🅲𐐕🅒☾ↃƇᑕㄈ¢८↻ϾՇȻᙅҀ©टƆ匚Ҫʗᑖᑡᑢᑣᑤᑥᔍⲥ𐐽ꮯҁƈȼↄርҫ꒝ɽϛᑦ᧚₵🇨ᥴᒼᎠꭰꓓ🅳🅓ƉᗪƊÐԺↁĐÞᗞᑯᗫᗬᗟᗠᴆ🇩Ꮷꓒᵭ₫ԃđƌɖɗᶁԀᑺᑻᑼᑽᒄᑰᑱᶑʠժꭼ𐊆ꓰ🅴🅔ƎᕮƐモЄ乇ɆꂅⴹᎬԐ🇪Ҿҿᧉᶒɘ૯ǝєҽɛɇ℮ԑᥱ𐊇𐊥ꓝꞘ🅵🅕ғҒᖴƑԲϝቻϜ₣🇫Ⅎƒʃբꊰʄ∱ᶂꓖᏳᏀᏻꮐ🅶🅖ƓʛᘜԌǤԍ₲🇬⅁૭ǥɠᧁꓧ𐋏ꮋᎻⲎ🅷🅗ዞǶԋᚺĦⱧҢңҤӉӈҥ卄♓ᕼӇ🇭ҺђħⱨከኩኪካɦիᑋᗁɧんɥꀤᏆ🅸🅘ٳٲ៸Ɨェエᑊᥣ🇮∣ⵏ׀ا١۱ߊᛁɨᶖ🅹🅙ʝᒍנʆวلյʖጋɈՂๅႱᎫȷ丿ᒘᒙᒚᒛᒴᒵᒎᒏ🇯ɉڶꓗⲔᏦ🅺🅚₭ĸƘҠқҟӄʞҚҡᛕጕҜҝҞⱩϗӃ🇰ƙⱪᶄ𐐛Ⳑ𐑃ⳑꮮᏞꓡ🅻🅛└ւᒪ乚ՆꓶԼረΓլᄂⱢᥧᥨᒻᒶᒷᒺᒹᒸᒫ⎳ㄥŁⱠȽ🇱łɭƚɫⱡƖʅǀוןӏɩ𐌑𐊰ꓟⲘᎷ🅼🅜൱ᗰ州ᘻო๓♏ʍᙏ௱ϺᛖӍӎ🇲₥ᵯനᙢ൩ϻጠɱ៳ᶆ᧕᧗ꓠⲚ🅽₦🅝ҋ៷ᴎƝᑎ几иՈռИהЛπ刀ክПᴨทŊћᥢҊᴻ🇳חᥒᴒɲղຖՌƞŋภกɳплԉȠդበቡቢባቤብቦȵᶇᵰᥥ∩ꄲ𐊒ꓳⲞ𐐄𐊫𐓂🅞⍥◯ⵁ⊖⊝ѲѺӨʘㇿ❍ロ❤૦⊕ØФԾΘ¤◊Φ〇Օଠഠ௦סƟⵔ߀៰⍜⎔⎕⦰⦱⦲⦳⦴⦵⦶⦷⦸⦹⦺⦻⦼⦽⦾⦿⧀⧁⧂⧃ဝⲟ၀𐐬𐓪🇴⍤○ϙ🅾ᐤѳ᧐ᥲðఠᦞՓө๏ѻዐ০୦٥౦೦൦๐໐ᴑ०੦øɵծꓑꮲⲢ𐊕Ꮲ🅟Ҏ🅿Ƥᑭ尸րφքקየᴩⱣᑸᑶᑷᑹᑬᑮ🇵₱ҏ℗ƥᵽƿǷ⍴🆀🅠ⵕԚ🇶գ۹զᑫɋɊ℞℟ꭱᏒ𐒴ꮢᎡꓣ🆁🅡ᴙᖇя尺ЯરƦዪɌʁⱤᚱ🇷ᴚՐɾᥬɍɼᴦᶉᵲґꇙᏚᏕꓢ𐊖𐐠🆂🅢ֆՏടᔕᔖᔢᔡᔣᔤ𐑈ꮪʂȿᶊకގ🇸🆃𐌕𐊱𐊗🝨ꓔ⟙Ⲧ⊤Ꭲꭲ🅣⏇⏉ҬҭƬイŦԵፕϮ⊥Ʈ下丅丁ᐪㄒ🇹ጥȶ੮էʇ†ƭŧʈեƫナꓴ𐓎꒤🆄🅤ᑗᑘᑌ凵ƱմԱꓵЦՄƲᙀપՍɄᥩᑧ∪ᘮ⋃🇺ᥙนʊยцሁᵾʋʉᥔᶙꓦᏙ🆅🅥ᐯѴ۷٧ⴸᐺᐻ🇻ሀ౮งעט៴ᘁᏔᎳꓪ🆆🅦ᗯᥕ山ѠຟచЩШщฬшᙎฝሠԜധᘺѿᙡƜ₩🇼ꮃ⍵ⱳⱲѡɯ🞨🞩🞪🞫🞬𐌗Ⲭꓫ𐊐Ꭓ𐌢𐊴🆇🅧❌᙭ㄨӾჯӼҳЖҲאሸꊼ╳᙮ᕁᕽᚷⵝ乂🇽×⤫⤬⨯ᶍӽ⨰Ⲩꓬ𐊲🆈🅨Ƴㄚ⅄¥ՎץЧሃɎϤҮҰұ🇾ᎽᎩყƴɏɣᶌүʎꓜ☡Ꮓ🆉🅩Ƶ乙ȤⱫ🇿ꮓƶȥɀጊʐⱬᶎʑᙆ',
      'aaaaaabbbbbbbbccccddeeeeeefggghhhhhhiiiiiiijjjjkkkkklmmmmnnnnooooooopppppqrrssstttttuuuvvvwwwwxxxxyyyyyzz0111112222222222233333333333333333333334444444444445555556666666666777778888889999999999aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaabbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbccccccccccccccccccccccccccccccccccccccccccccccccccccddddddddddddddddddddddddddddddddddddddddddeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeffffffffffffffffffffffffgggggggggggggggggggghhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhiiiiiiiiiiiiiiiiiiiiiiijjjjjjjjjjjjjjjjjjjjjjjjjjjjjkkkkkkkkkkkkkkkkkkkkkkkkkkkllllllllllllllllllllllllllllllllllllllllllllllllmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooopppppppppppppppppppppppppppppppppqqqqqqqqqqqrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrsssssssssssssssssssssssssttttttttttttttttttttttttttttttttttttttttttuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuvvvvvvvvvvvvvvvvvvvwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxyyyyyyyyyyyyyyyyyyyyyyyyyyyyzzzzzzzzzzzzzzzzzzzz');
  end if;
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
-- Spans are [span_start, span_end) in characters of p_text. Bounded work: each blocked word's pattern
-- is one pass of PostgreSQL's automaton-based matcher (no backtracking) per match found; a match that
-- does not count moves the search on by one character, one that counts past its end.

create or replace function app_private.chat_blocked_spans(p_text text, p_plain boolean)
returns table (span_start int, span_end int, word text)
language plpgsql stable set search_path = pg_catalog as $$
declare
  v_words text[];
  v_patterns text[];
  v_allowed text;
  v_allowed_start int[];
  v_allowed_end int[];
  v_at int;
  v_start int;
  v_end int;
  i int;
begin
  select array_agg(b.word order by char_length(b.word) desc, b.word),
         array_agg(case when p_plain then b.word else app_private.chat_word_pattern(b.word, true) end
                   order by char_length(b.word) desc, b.word)
    into v_words, v_patterns
    from app_private.chat_blocked_words b;
  if v_words is null or p_text !~ array_to_string(v_patterns, '|') then
    return;
  end if;
  for i in 1 .. array_length(v_words, 1) loop
    v_at := 1;
    loop
      v_start := regexp_instr(p_text, v_patterns[i], v_at);
      exit when v_start = 0;
      v_end := regexp_instr(p_text, v_patterns[i], v_at, 1, 1);
      v_at := v_start + 1;
      -- Across spaces: from the start of a word to the end of one, an ending allowed.
      continue when strpos(substr(p_text, v_start, v_end - v_start), ' ') > 0
        and not ((v_start = 1 or substr(p_text, v_start - 1, 1) = ' ')
                 and substr(p_text, v_end) ~ '^(s|es|ed|er|ers|ing|in|y)?( |$)');
      if v_allowed_start is null then
        -- The allowed words' spans, found once, when the first blocked word needs them.
        select string_agg(case when p_plain then a.word else app_private.chat_word_pattern(a.word, false) end, '|')
          into v_allowed from app_private.chat_allowed_words a;
        v_allowed_start := '{}';
        v_allowed_end := '{}';
        declare
          v_from int := 1;
          v_found int;
        begin
          while v_allowed is not null loop
            v_found := regexp_instr(p_text, v_allowed, v_from);
            exit when v_found = 0;
            v_allowed_start := v_allowed_start || v_found;
            v_allowed_end := v_allowed_end || regexp_instr(p_text, v_allowed, v_from, 1, 1);
            v_from := v_found + 1;
          end loop;
        end;
      end if;
      continue when exists (
        select 1 from unnest(v_allowed_start, v_allowed_end) as a(s, e) where a.s <= v_start and a.e >= v_end);
      span_start := v_start;
      span_end := v_end;
      word := v_words[i];
      return next;
      v_at := v_end;
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

insert into app_private.chat_blocked_words (word) values ('cock'), ('rape'), ('rapist') on conflict do nothing;

insert into app_private.chat_allowed_words (word) values
  ('scunthorpe'), ('shitake'), ('shiitake'), ('mishit'), ('sh it'), ('shi t'), ('s hit'),
  ('dickens'), ('dickinson'), ('dickson'), ('dickey'), ('dickie'), ('dickory'), ('dickety'), ('benedick'), ('moby dick'),
  ('who re'), ('retardant'), ('retardation'), ('snigger'), ('niggard'),
  ('cocktail'), ('cockpit'), ('peacock'), ('hancock'), ('hitchcock'), ('babcock'), ('cockatoo'), ('cockatiel'),
  ('cockroach'), ('cockerel'), ('cockle'), ('cockney'), ('cocky'), ('cockeyed'), ('cocksure'), ('cockade'),
  ('cockscomb'), ('shuttlecock'), ('woodcock'), ('gamecock'), ('stopcock'), ('weathercock'), ('poppycock'),
  ('haycock'), ('ballcock'), ('petcock'), ('cock a doodle'),
  ('grape'), ('drape'), ('scrape'), ('crape'), ('trapeze'), ('rapeseed'), ('parapet'), ('therapist'),
  ('class'), ('assignment'), ('assassin'), ('passage'), ('bass'), ('pass'), ('mass'), ('glass'), ('grass'),
  ('brass'), ('assess'), ('assist'), ('associat'), ('assum'), ('assembl'), ('assert'), ('asset'), ('compass'),
  ('embarrass'), ('harass'), ('passenger'), ('passion'), ('cassette'), ('lasso'), ('hassle'), ('potassium'),
  ('ambassador'), ('analysis'), ('analyst'), ('canal')
on conflict do nothing;
