-- Seek indexes for FerretDB 1.24's PostgreSQL handler (docs/design.md, "The embedded database").
--
-- FerretDB keeps each document in one jsonb column and builds a MongoDB index as a btree over
-- (_jsonb -> 'field'), but it pushes an equality filter down as (_jsonb -> 'field') @> value, which
-- a btree cannot answer: every query scanned its whole table. For every field of every btree index
-- FerretDB creates, this adds a GIN index over the same expression (jsonb_path_ops answers @>), and
-- drops it again when no btree index names the field any more. An event trigger keeps them in step
-- with createIndex and dropIndex; site_seek_schemas('%') catches up tables that predate the trigger.

CREATE OR REPLACE FUNCTION public.site_seek_table(tbl regclass) RETURNS void
LANGUAGE plpgsql SET client_min_messages = warning AS $$
DECLARE
  wanted text[];
  expr text;
  idx record;
  ns text;
  rel text;
BEGIN
  SELECT n.nspname, c.relname INTO ns, rel
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = tbl;
  IF rel IS NULL OR rel LIKE '\_ferretdb\_%' THEN
    RETURN;
  END IF;
  -- The expressions of the btree indexes' columns, e.g. (_jsonb -> 'slug'::text).
  SELECT coalesce(array_agg(DISTINCT e), '{}') INTO wanted FROM (
    SELECT pg_get_indexdef(i.indexrelid, k, true) AS e
      FROM pg_index i
      JOIN pg_class ic ON ic.oid = i.indexrelid
      JOIN pg_am am ON am.oid = ic.relam
      CROSS JOIN LATERAL generate_series(1, i.indnatts) AS k
     WHERE i.indrelid = tbl AND am.amname = 'btree'
  ) cols WHERE e LIKE '(_jsonb -> %' OR e LIKE '_jsonb -> %';
  -- Drop the seek indexes no btree index asks for any more.
  FOR idx IN
    SELECT ic.relname AS name, pg_get_indexdef(i.indexrelid, 1, true) AS e
      FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid
     WHERE i.indrelid = tbl AND ic.relname LIKE '%\_seek'
  LOOP
    IF NOT (idx.e = ANY (wanted)) THEN
      EXECUTE format('DROP INDEX IF EXISTS %I.%I', ns, idx.name);
    END IF;
  END LOOP;
  FOREACH expr IN ARRAY wanted LOOP
    EXECUTE format(
      'CREATE INDEX IF NOT EXISTS %I ON %I.%I USING gin ((%s) jsonb_path_ops)',
      left(rel, 40) || '_' || left(md5(expr), 12) || '_seek', ns, rel, expr
    );
  END LOOP;
END $$;

-- Every table of the schemas matching `pattern` (one MongoDB database is one schema).
CREATE OR REPLACE FUNCTION public.site_seek_schemas(pattern text) RETURNS void
LANGUAGE plpgsql SET client_min_messages = warning AS $$
DECLARE
  t regclass;
BEGIN
  FOR t IN
    SELECT c.oid::regclass FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind = 'r' AND n.nspname LIKE pattern
       AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'public') AND n.nspname NOT LIKE 'pg\_%'
  LOOP
    PERFORM public.site_seek_table(t);
  END LOOP;
END $$;

CREATE OR REPLACE FUNCTION public.site_seek_on_create() RETURNS event_trigger
LANGUAGE plpgsql SET client_min_messages = warning AS $$
DECLARE
  cmd record;
  tbl regclass;
BEGIN
  FOR cmd IN SELECT * FROM pg_event_trigger_ddl_commands() WHERE object_type = 'index' LOOP
    -- Our own GIN indexes fire this trigger too: they change nothing.
    CONTINUE WHEN cmd.object_identity LIKE '%\_seek';
    SELECT indrelid::regclass INTO tbl FROM pg_index WHERE indexrelid = cmd.objid;
    IF tbl IS NOT NULL THEN
      PERFORM public.site_seek_table(tbl);
    END IF;
  END LOOP;
END $$;

CREATE OR REPLACE FUNCTION public.site_seek_on_drop() RETURNS event_trigger
LANGUAGE plpgsql SET client_min_messages = warning AS $$
DECLARE
  obj record;
BEGIN
  FOR obj IN SELECT * FROM pg_event_trigger_dropped_objects()
     WHERE object_type = 'index' AND object_name NOT LIKE '%\_seek' AND NOT is_temporary
  LOOP
    -- The dropped index's table is not named; its schema (one MongoDB database) is small.
    PERFORM public.site_seek_schemas(replace(replace(replace(obj.schema_name, '\', '\\'), '_', '\_'), '%', '\%'));
  END LOOP;
END $$;

DROP EVENT TRIGGER IF EXISTS site_seek_create;
CREATE EVENT TRIGGER site_seek_create ON ddl_command_end
  WHEN TAG IN ('CREATE INDEX') EXECUTE FUNCTION public.site_seek_on_create();
DROP EVENT TRIGGER IF EXISTS site_seek_drop;
CREATE EVENT TRIGGER site_seek_drop ON sql_drop
  WHEN TAG IN ('DROP INDEX') EXECUTE FUNCTION public.site_seek_on_drop();

SELECT public.site_seek_schemas('%');
