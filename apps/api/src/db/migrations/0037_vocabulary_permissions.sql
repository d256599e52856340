-- Least privilege for vocabulary (issue 26): its routes had no permission, so every platform role could
-- read and write topics, words and their files. Every platform role keeps reading them; a role that may
-- create or change anything keeps writing them; a view-only role no longer writes.
UPDATE "roles" SET "permissions" = array_append("permissions", 'view_vocabulary')
WHERE "organization_id" IS NULL AND NOT ('view_vocabulary' = ANY("permissions"));--> statement-breakpoint
UPDATE "roles" SET "permissions" = "permissions" || ARRAY['create_vocabulary', 'update_vocabulary', 'delete_vocabulary']::text[]
WHERE "organization_id" IS NULL
  AND NOT ('create_vocabulary' = ANY("permissions"))
  AND EXISTS (SELECT 1 FROM unnest("permissions") AS held(permission) WHERE held.permission LIKE 'create\_%' OR held.permission LIKE 'update\_%');
