-- Clubs, stadiums and players an editor makes at the desk (issue 34).
--
-- A stadium's name and city in both languages: the sources Hadaf imports name a ground in
-- one language (the `name` and `city` it keeps), an editor in both. Pages take the reader's
-- language from `names` when it is there, else the source's text.
alter table stadiums
  add column names jsonb check (names is null or jsonb_typeof(names) = 'object'),
  add column cities jsonb check (cities is null or jsonb_typeof(cities) = 'object');

-- The country a player represents, as ISO 3166-1 alpha-2: what an editor knows of a player
-- long before Hadaf holds a national team to point `nationality_id` at.
alter table players add column nationality text check (nationality ~ '^[A-Z]{2}$');
