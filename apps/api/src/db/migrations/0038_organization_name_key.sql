-- Organization names are unique in the public directory once normalised (issue 26): no centre can apply
-- for, or rename itself to, a look-alike of another's name. organization_name_key() is the comparison:
--   1. NFKC (full-width letters, ligatures, compatibility forms become plain ones);
--   2. fold_text(): marks stripped after NFD, đ → d, lower case (Vietnamese diacritics folded);
--   3. look-alikes to one Latin letter: Cyrillic and Greek letters drawn like Latin ones (both cases, as
--      lower() leaves non-ASCII letters alone under the C collation), dotless i, 0 → o, and 1, i, l, | → l;
--   4. spaces and punctuation removed (ASCII, Latin-1 symbols, general and CJK punctuation, variation
--      selectors, zero-width characters);
--   5. rn → m and vv → w, which read alike in most fonts.
-- A name of punctuation only keeps itself as its key. The same function is what the API checks before a
-- write (assertOrganizationNameFree), so the 409 and the unique index agree.
CREATE OR REPLACE FUNCTION "organization_name_key"(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $key$ SELECT coalesce(nullif(replace(replace(regexp_replace(translate(fold_text(normalize(value, NFKC)), 'авекмнорстухѕіјԁӏԛԝьгпАВЕКМНОРСТУХЅІЈӀԚԜαβγεζηικνορτυχωΑΒΕΖΗΙΚΜΝΟΡΤΥΧıɑɡʟ|01i', 'abekmhopctyxsljdlqwbrnabekmhopctyxsljlqwabyeznlkvoptuxwabezhlkmnoptyxlaglloll'), '[\u0001-\u002f\u003a-\u0040\u005b-\u0060\u007b-\u00bf\u00d7\u00f7\u2000-\u206f\u2e00-\u2e7f\u3000-\u303f\ufe00-\ufe0f\ufeff]', '', 'g'), 'rn', 'm'), 'vv', 'w'), ''), value) $key$;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "name_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "organizations" SET "name_key" = organization_name_key("name");--> statement-breakpoint
-- Look-alikes that already exist keep their names: every one but the oldest gets its key with its id
-- appended ('#' never survives step 4, so no new name can match it). Renaming such a centre computes its
-- key afresh, and then it must differ from the others'.
UPDATE "organizations" AS o SET "name_key" = o."name_key" || '#' || o."id"
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "name_key" ORDER BY "created_at", "id") AS n FROM "organizations"
) AS d
WHERE d."id" = o."id" AND d.n > 1;--> statement-breakpoint
CREATE FUNCTION "organizations_set_name_key"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."name_key" := organization_name_key(NEW."name");
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "organizations_name_key_insert" BEFORE INSERT ON "organizations"
  FOR EACH ROW EXECUTE FUNCTION "organizations_set_name_key"();--> statement-breakpoint
CREATE TRIGGER "organizations_name_key_update" BEFORE UPDATE OF "name" ON "organizations"
  FOR EACH ROW WHEN (NEW."name" IS DISTINCT FROM OLD."name") EXECUTE FUNCTION "organizations_set_name_key"();--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_name_key_key" ON "organizations" USING btree ("name_key");
