-- The order of the big competitions on the matches page (issue 26, section 3; decision 124):
-- after the reader's followed competitions, the day's groups follow this list; the rest
-- follow by name. The desk replaces the whole list (PUT /desk/competitions/order), audited.
--
-- A list of its own rather than a column of `competitions`: the default below is an editorial
-- choice made here, and on a fresh database the competitions arrive later with the first
-- import. So a code is not a foreign key; the desk API accepts only competitions that exist,
-- and a code no competition has orders nothing.
create table competition_order (
  competition_id text primary key check (competition_id ~ '^[a-z0-9.]{2,32}$'),
  position smallint not null unique check (position between 1 and 50)
);

-- For an Arab audience: the tournaments everyone watches while they run, the Champions
-- League, the leagues with the most Arab viewers (England, Spain), the Gulf's and Egypt's,
-- Africa's club cup, then the rest of Europe's big leagues and the Maghreb's.
insert into competition_order (competition_id, position) values
  ('worldcup', 1), ('uefa.cl', 2), ('en.1', 3), ('es.1', 4), ('sa.1', 5), ('eg.1', 6), ('cafcl', 7),
  ('clubworldcup', 8), ('it.1', 9), ('de.1', 10), ('fr.1', 11), ('ma.1', 12), ('dz.1', 13);

-- Every page that lists competitions may show the order: renewed through `site` (decision 114).
create trigger competition_order_written after insert or delete on competition_order
  for each row execute function raise_page_version();
create trigger competition_order_changed after update on competition_order
  for each row when (old.* is distinct from new.*) execute function raise_page_version();
create trigger competition_order_truncated after truncate on competition_order
  for each statement execute function raise_page_version();

alter table competition_order enable row level security;
