-- The business address was one line in the `address` setting; Settings now keeps it in the parts
-- search engines read. An address written as "street, city, ST 12345" (the pattern of
-- src/shared/postal-address.ts, parseAddressLine) is split; any other line is kept whole as the street,
-- so nothing the owner wrote is lost. A new install has no row here: the defaults are seeded at start.
WITH old AS (
  SELECT btrim("value") AS line,
         regexp_match(btrim("value"), '^(.*),\s*([^,]+),\s*([A-Za-z]{2})\.?\s*([0-9]{5}(-[0-9]{4})?)?\s*$') AS m
  FROM "settings"
  WHERE "key" = 'address'
),
parts AS (
  SELECT 'addressStreet' AS "key", COALESCE(btrim(m[1]), line) AS "value" FROM old
  UNION ALL SELECT 'addressCity', COALESCE(btrim(m[2]), '') FROM old
  UNION ALL SELECT 'addressState', COALESCE(upper(m[3]), '') FROM old
  UNION ALL SELECT 'addressZip', COALESCE(m[4], '') FROM old
)
INSERT INTO "settings" ("key", "value", "type", "description")
SELECT "key", "value", 'string', NULL FROM parts
ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
DELETE FROM "settings" WHERE "key" = 'address';
