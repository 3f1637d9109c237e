-- Sessions opened before re-authentication was recorded proved who they were when they were created,
-- not when this release was deployed: otherwise each would pass the five-minute check for five minutes.
-- Their last use is what the idle expiry says, to within its renewal granularity.
UPDATE sessions
SET reauthenticated_at = created_at,
    last_seen_at = greatest(created_at, least(now(), expires_at - interval '7 days'));
