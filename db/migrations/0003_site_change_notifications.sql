-- Every server instance keeps rendered pages in memory. A change to what visitors see, made through any
-- instance (or by hand in psql), announces the table it touched on the site_changes channel at commit,
-- so that each instance drops what it shows from that table.
CREATE OR REPLACE FUNCTION notify_site_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('site_changes', TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER posts_notify_site_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON posts
  FOR EACH STATEMENT EXECUTE FUNCTION notify_site_change();
--> statement-breakpoint
-- A review held back from visitors changes nothing they see: only a visible row, before or after the
-- change, is announced (a flood of held or spam reviews must not keep emptying every cache).
CREATE OR REPLACE FUNCTION notify_visible_review_change() RETURNS trigger AS $$
BEGIN
  IF (TG_OP <> 'DELETE' AND NEW.is_visible) OR (TG_OP <> 'INSERT' AND OLD.is_visible) THEN
    PERFORM pg_notify('site_changes', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER reviews_notify_site_change AFTER INSERT OR UPDATE OR DELETE ON reviews
  FOR EACH ROW EXECUTE FUNCTION notify_visible_review_change();
--> statement-breakpoint
CREATE TRIGGER reviews_truncate_notify_site_change AFTER TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION notify_site_change();
--> statement-breakpoint
CREATE TRIGGER settings_notify_site_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_site_change();
--> statement-breakpoint
CREATE TRIGGER seo_metadata_notify_site_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON seo_metadata
  FOR EACH STATEMENT EXECUTE FUNCTION notify_site_change();
