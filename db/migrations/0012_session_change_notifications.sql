-- Each instance remembers the sessions it checked lately, so that a signed-in page view costs no query.
-- Whatever could end a session or change what it grants (a sign-out, a password change, an account
-- disabled or its role changed, a session renewed) is announced on the session_changes channel at
-- commit, whichever instance or tool made it, and every instance forgets what it remembered. Per
-- statement: the listener forgets everything, so which rows changed does not matter. A new session
-- (a sign-in) changes nothing remembered.
CREATE OR REPLACE FUNCTION notify_session_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('session_changes', TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_session_change AFTER UPDATE OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
CREATE TRIGGER users_notify_session_change AFTER UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();
