-- Each instance keeps the sessions it has looked up (apps/server/src/lib/session-cache.ts) and forgets a user's as
-- soon as anything that signs them in or describes them changes: a NOTIFY on kunci_sessions with the user's id ('' for
-- everyone), sent as the change commits. The trigger's arguments name the table's activity mark, which is no change
-- (users.last_activity_at, sessions.last_seen_at), and its column holding the user's id.
CREATE FUNCTION "session_changes_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  activity text := TG_ARGV[0];
  owner text := TG_ARGV[1];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('kunci_sessions', '');
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND to_jsonb(NEW) - activity = to_jsonb(OLD) - activity THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('kunci_sessions', to_jsonb(OLD) ->> owner);
  IF TG_OP = 'UPDATE' AND to_jsonb(NEW) ->> owner IS DISTINCT FROM to_jsonb(OLD) ->> owner THEN
    PERFORM pg_notify('kunci_sessions', to_jsonb(NEW) ->> owner);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_changed" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "session_changes_notify"('last_activity_at', 'id');--> statement-breakpoint
CREATE TRIGGER "users_truncated" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "session_changes_notify"('last_activity_at', 'id');--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "session_changes_notify"('last_seen_at', 'user_id');--> statement-breakpoint
CREATE TRIGGER "sessions_truncated" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "session_changes_notify"('last_seen_at', 'user_id');
