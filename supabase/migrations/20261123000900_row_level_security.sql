-- Row-level security on every table, with no policies. On Supabase the Data API serves the
-- public schema to anyone holding the anon key, and social sign-in publishes that key on the
-- login page: without RLS, password hashes and sessions would be one request away. The
-- worker connects as the tables' owner, which RLS does not restrict, so the site is
-- unaffected; a later migration that adds a table must enable RLS on it too.
do $$
declare
  t record;
begin
  for t in select tablename from pg_tables where schemaname = 'public' loop
    execute format('alter table public.%I enable row level security', t.tablename);
  end loop;
end
$$;
