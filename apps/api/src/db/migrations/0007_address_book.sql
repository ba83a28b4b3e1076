-- The address book becomes the one store of a user's addresses: copy the profile's saved
-- addresses (users.addresses, a jsonb array) into it, in their order and at most 10, the first
-- one the default, before the column goes.
INSERT INTO "addresses" ("user_id", "first_name", "last_name", "street", "city", "state", "postal_code", "country", "phone", "is_default", "created_at", "updated_at")
SELECT u."id",
	coalesce(a.value->>'firstName', ''),
	coalesce(a.value->>'lastName', ''),
	coalesce(a.value->>'street', ''),
	coalesce(a.value->>'city', ''),
	coalesce(a.value->>'state', ''),
	coalesce(a.value->>'postalCode', ''),
	coalesce(a.value->>'country', 'India'),
	coalesce(a.value->>'phone', ''),
	a.position = 1,
	now() + (a.position || ' milliseconds')::interval,
	now()
FROM "users" u
CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(u."addresses") = 'array' THEN u."addresses" ELSE '[]'::jsonb END)
	WITH ORDINALITY AS a(value, position)
WHERE a.position <= 10 AND jsonb_typeof(a.value) = 'object';--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "addresses";
