-- Readable made-up usernames (issue 27).
--
-- Why: a new account's username was 'user_' and ten hex digits (user_de350945c0), which onboarding then
-- offered as the suggestion: nothing a student would keep, say aloud or find on a board. It is now an
-- adjective, an animal and two digits ("SunnyOtter42": 42 x 50 x 100 = 210,000 names, at most 20
-- characters, within the username rule), with a digit more on each retry after a collision (up to four, so a name stays within 20).
create or replace function app_private.create_profile(p_uid uuid) returns void
language plpgsql set search_path = public as $$
declare
  v_adjectives constant text[] := array['Brave', 'Bright', 'Bouncy', 'Calm', 'Clever', 'Cosmic', 'Cozy', 'Curious', 'Daring', 'Dizzy', 'Eager', 'Fancy', 'Fast', 'Fluffy', 'Friendly', 'Gentle', 'Giant', 'Golden', 'Happy', 'Jolly', 'Kind', 'Lucky', 'Mighty', 'Misty', 'Nimble', 'Noble', 'Peppy', 'Plucky', 'Quick', 'Quiet', 'Rapid', 'Rocket', 'Shiny', 'Silly', 'Sleepy', 'Snappy', 'Speedy', 'Sunny', 'Swift', 'Tiny', 'Witty', 'Zesty'];
  v_animals constant text[] := array['Badger', 'Bear', 'Beaver', 'Bison', 'Bunny', 'Cat', 'Cheetah', 'Crab', 'Dolphin', 'Dragon', 'Duck', 'Eagle', 'Falcon', 'Ferret', 'Fox', 'Frog', 'Gecko', 'Goat', 'Hawk', 'Hedgehog', 'Koala', 'Lemur', 'Lion', 'Llama', 'Lynx', 'Moose', 'Narwhal', 'Newt', 'Otter', 'Owl', 'Panda', 'Parrot', 'Penguin', 'Puffin', 'Quokka', 'Rabbit', 'Raccoon', 'Robin', 'Seal', 'Shark', 'Sloth', 'Squid', 'Tiger', 'Toucan', 'Turtle', 'Walrus', 'Whale', 'Wombat', 'Yak', 'Zebra'];
  v_attempt integer := 0;
begin
  loop
    insert into public.my_users (user_id, username)
    values (p_uid,
      v_adjectives[1 + floor(random() * array_length(v_adjectives, 1))::int]
      || v_animals[1 + floor(random() * array_length(v_animals, 1))::int]
      || floor(random() * power(10, least(2 + v_attempt, 4)))::int::text)
    on conflict do nothing;
    exit when exists (select 1 from public.my_users where user_id = p_uid);
    v_attempt := v_attempt + 1;
    if v_attempt >= 5 then
      raise exception 'Failed to get profile, and failed to create profile' using errcode = 'P0001';
    end if;
  end loop;
end $$;
revoke all on function app_private.create_profile(uuid) from public;
