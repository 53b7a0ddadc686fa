-- Each instance keeps the sessions it has looked up (apps/server/src/lib/session-cache.ts) and forgets a user's as
-- soon as anything that signs them in or describes them changes: a NOTIFY on kunci_sessions with the user's id ('' for
-- everyone), sent as the change commits. Activity marks (users.last_activity_at, sessions.last_seen_at) are not changes.
CREATE FUNCTION "users_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed "users";
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('kunci_sessions', '');
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    changed := NEW;
    changed.last_activity_at := OLD.last_activity_at;
    IF changed IS NOT DISTINCT FROM OLD THEN
      RETURN NULL;
    END IF;
  END IF;
  PERFORM pg_notify('kunci_sessions', OLD.id::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "sessions_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed "sessions";
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('kunci_sessions', '');
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    changed := NEW;
    changed.last_seen_at := OLD.last_seen_at;
    IF changed IS NOT DISTINCT FROM OLD THEN
      RETURN NULL;
    END IF;
  END IF;
  PERFORM pg_notify('kunci_sessions', OLD.user_id::text);
  IF TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
    PERFORM pg_notify('kunci_sessions', NEW.user_id::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_changed" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "users_changed_notify"();--> statement-breakpoint
CREATE TRIGGER "users_truncated" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "users_changed_notify"();--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "sessions_changed_notify"();--> statement-breakpoint
CREATE TRIGGER "sessions_truncated" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "sessions_changed_notify"();
