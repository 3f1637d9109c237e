-- Pages show an upload's alt text, and its smaller copies once they are made (the original until then).
-- A change to either is announced as the media table on the site_changes channel at commit, as posts
-- and settings are, so that each instance drops the pages it rendered with the old ones. A row added
-- (nothing shows it yet), deleted (only when nothing uses it) or only claimed for making copies changes
-- no page. Per row, so that an update finding no row (the upload was deleted meanwhile) announces
-- nothing; PostgreSQL sends the same message once per transaction however many rows changed.
CREATE TRIGGER media_notify_site_change AFTER UPDATE OF alt, variants ON media
  FOR EACH ROW EXECUTE FUNCTION notify_site_change();
