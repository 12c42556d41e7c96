-- Each competition's table rules as data (issue 34, decision 148), no longer code: season by
-- season (an entry applies from its `from` season until the next entry's), the points for a
-- win, a draw and a loss, the order after points (lib/standings.ts `Criterion`), what settles
-- a tie nothing Hadaf holds can (`then`), the zones the table marks and the source of it all.
-- A competition without a row is ordered by the default of lib/standings-rules.ts. Rows are
-- keyed by the competition's id without a foreign key: the seed below comes before the import
-- that brings the competitions, and the rules wait for them.
create table competition_rules (
  competition_id text primary key check (competition_id ~ '^[a-z0-9.]{2,32}$'),
  seasons jsonb not null check (jsonb_typeof(seasons) = 'array' and jsonb_array_length(seasons) > 0)
);

alter table competition_rules enable row level security;

-- A change orders the competition's tables anew: stored ones stop counting (decision 073)...
create trigger competition_rules_raise_tables_version after insert or update or delete or truncate on competition_rules
  for each statement execute function raise_tables_version();

-- ...and the pages that show them are renewed: every season of the competition (decision 114).
create function page_scopes_of(r competition_rules) returns text[]
language sql stable strict as $$
  select array(select 'season:' || s.id from seasons s where s.competition_id = r.competition_id)
$$;

create trigger competition_rules_written after insert or delete on competition_rules for each row execute function touch_row_scopes();
create trigger competition_rules_changed after update on competition_rules for each row when (old.* is distinct from new.*)
  execute function touch_row_scopes();
create trigger competition_rules_truncated after truncate on competition_rules for each statement execute function raise_page_version();

-- The rules lib/standings-rules.ts held until now, with the sources docs/standings-rules.md
-- gives: every held season's table stays as it was (tests/worker/seeded-rules.test.ts). Zones
-- only where a source was found; the others are left for the desk to fill in.
insert into competition_rules (competition_id, seasons) values
  ('en.1', '[{"from":"2019/20","points":{"win":3,"draw":1,"loss":0},"criteria":["goalDifference","goalsFor",{"headToHead":["points","awayGoalsFor"]}],"then":"play-off","zones":[{"kind":"champions","from":1,"to":1},{"kind":"relegation","from":18,"to":20}],"source":"Premier League Handbook, rule C.17 (head-to-head from 2019/20: https://www.the-star.co.ke/sports/football/2019-07-17-premier-league-announce-new-rule-for-the-upcoming-season/); zones: 20 clubs, the first champions, the last three relegated to the EFL Championship (https://pledgetimes.com/how-does-promotion-and-relegation-work-in-the-premier-league/)"}]'),
  ('es.1', '[{"from":"2000/01","points":{"win":3,"draw":1,"loss":0},"criteria":[{"headToHead":["points","goalDifference"],"onceAllPlayed":true},"goalDifference","goalsFor"],"then":"fair-play","zones":[],"source":"RFEF Reglamento General, art. 201"}]'),
  ('it.1', '[{"from":"2022/23","points":{"win":3,"draw":1,"loss":0},"criteria":[{"headToHead":["points","goalDifference"]},"goalDifference","goalsFor"],"then":"play-off","zones":[],"source":"Lega Serie A, ties from 2022/23 (https://www.lequotidiendusport.fr/ligue-1-une-grande-injustice-pour-lens-en-cas-degalite-avec-lom/)"}]'),
  ('de.1', '[{"from":"2000/01","points":{"win":3,"draw":1,"loss":0},"criteria":["goalDifference","goalsFor",{"headToHead":["goalDifference","awayGoalsFor"],"onceAllPlayed":true},"awayGoalsFor"],"then":"play-off","zones":[],"source":"DFL Spielordnung (https://www.bundesliga.com/de/bundesliga/news/meisterschaft-bundesliga-punkt-tor-gleich-kriterien-torverhaltnis-direkter-vergleich-2921)"}]'),
  ('fr.1', '[{"from":"2017/18","points":{"win":3,"draw":1,"loss":0},"criteria":["goalDifference",{"headToHead":["points","goalDifference","goalsFor","awayGoalsFor"]},"goalsFor","awayGoalsFor"],"then":"fair-play","zones":[],"source":"LFP règlement, art. 518 ter (https://tribunenantaise.fr/actus-fcnantes/ligue-1-difference-de-buts-confrontations-directes-comment-sont-departages-les-clubs-a-egalite/)"},{"from":"2025/26","points":{"win":3,"draw":1,"loss":0},"criteria":["goalDifference",{"headToHead":["points","goalDifference"]},"goalsFor","wins","awayWins"],"then":"fair-play","zones":[],"source":"LFP, August 2025 (https://www.goal.com/fr/listes/ligue-1-la-nouvelle-regle-de-la-lfp-sur-les-egalites-au-classement/blt46adc233bceb690a)"}]'),
  ('uefa.cl', '[{"from":"2019/20","points":{"win":3,"draw":1,"loss":0},"criteria":[{"headToHead":["points","goalDifference","goalsFor","awayGoalsFor"],"reapply":true},"goalDifference","goalsFor","awayGoalsFor","wins","awayWins"],"then":"coefficient","zones":[],"source":"UEFA Champions League regulations 2019/20, art. 17.01 (https://sportface.it/calcio/champions-league/regolamento-fase-a-gironi-champions-league-2019-2020/840635)"},{"from":"2024/25","points":{"win":3,"draw":1,"loss":0},"criteria":["goalDifference","goalsFor","awayGoalsFor","wins","awayWins","opponentsPoints","opponentsGoalDifference","opponentsGoalsFor"],"then":"coefficient","zones":[],"source":"UEFA Champions League regulations 2024/25, art. 18.01 (https://www.uefa.com/uefachampionsleague/news/0291-1bd88ae04870-e1e038c319e3-1000--champions-league-league-phase-standings-how-teams-level-on-/)"}]'),
  ('worldcup', '[{"from":"2022","points":{"win":3,"draw":1,"loss":0},"criteria":["goalDifference","goalsFor",{"headToHead":["points","goalDifference","goalsFor"]}],"then":"fair-play","zones":[],"source":"FIFA World Cup Qatar 2022 regulations, art. 32.5"},{"from":"2026","points":{"win":3,"draw":1,"loss":0},"criteria":[{"headToHead":["points","goalDifference","goalsFor"],"reapply":true},"goalDifference","goalsFor"],"then":"ranking","zones":[],"source":"FIFA World Cup 2026 regulations, art. 13 (https://www.worldcupmatchday.com/world-cup-2026-group-tiebreakers)"}]'),
  ('clubworldcup', '[{"from":"2025","points":{"win":3,"draw":1,"loss":0},"criteria":[{"headToHead":["points","goalDifference","goalsFor"]},"goalDifference","goalsFor"],"then":"fair-play","zones":[],"source":"FIFA Club World Cup 2025 regulations, art. 13 (https://timesng.com/fifa-changes-tie-breaking/)"}]'),
  ('cafcl', '[{"from":"2017","points":{"win":3,"draw":1,"loss":0},"criteria":[{"headToHead":["points","goalDifference","goalsFor","awayGoalsFor"],"reapply":true},"goalDifference","goalsFor","awayGoalsFor"],"then":"lots","zones":[],"source":"CAF Champions League regulations (https://onefootball.com.br/de/news/caf-champions-league-how-are-two-clubs-separated-if-tied-on-points-42388746)"}]'),
  ('sa.1', '[{"from":"2000/01","points":{"win":3,"draw":1,"loss":0},"criteria":[{"headToHead":["points","goalDifference","goalsFor"],"reapply":true,"onceAllPlayed":true},"goalDifference","goalsFor"],"then":"play-off","zones":[],"source":"SAFF competition regulations, art. 13 (https://thegccsport.com/articol/who-will-clinch-the-league-title-3096)"}]'),
  ('eg.1', '[{"from":"2000/01","points":{"win":3,"draw":1,"loss":0},"criteria":[{"headToHead":["points","goalDifference","goalsFor","awayGoalsFor"]},"goalDifference","goalsFor"],"then":"fair-play","zones":[],"source":"EFA, as reported for 2024/25 and 2025/26 (https://www.elbalad.news/6900674, https://www.filgoal.com/articles/524393/)"}]'),
  ('dz.1', '[{"from":"2000/01","points":{"win":3,"draw":1,"loss":0},"criteria":[{"headToHead":["points","goalDifference"]},"goalDifference","goalsFor"],"then":"play-off","zones":[],"source":"LFP (Algeria) règlement, art. 79 (https://tsa-algerie.dz/ligue-1-3e-et-dernier-relegue-ce-que-prevoit-le-reglement-en-cas-degalite/amp)"}]'),
  ('ma.1', '[{"from":"2000/01","points":{"win":3,"draw":1,"loss":0},"criteria":[{"twoClubs":[{"headToHead":["goalDifference"],"onceAllPlayed":true},"wins","goalsFor"],"moreClubs":["goalDifference","wins","goalsFor"]}],"then":"play-off","zones":[],"source":"FRMF règlement, art. 56 (https://almountakhab.com/node/164881, https://www.libe.ma/Sprint-final-vers-le-titre_a120776.html)"}]')
;
