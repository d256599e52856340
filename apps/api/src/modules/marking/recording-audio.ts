import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attempts, speakingRecordings } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { ownedBy, type Tenant } from '../../tenancy/tenant';

/**
 * The finished recording of a spoken answer for its marker (issue 28): the attempt must be submitted and
 * in the caller's tenant (another organization's is a 404, as a missing one).
 */
export async function markingRecording(
  db: Db,
  tenant: Tenant,
  ids: { attemptId: string; questionId: string },
) {
  const [row] = await db
    .select({
      mime: speakingRecordings.mime,
      storageKey: speakingRecordings.storageKey,
      size: speakingRecordings.sizeBytes,
    })
    .from(speakingRecordings)
    .innerJoin(attempts, eq(attempts.id, speakingRecordings.attemptId))
    .where(
      and(
        eq(speakingRecordings.attemptId, ids.attemptId),
        eq(speakingRecordings.questionId, ids.questionId),
        eq(speakingRecordings.status, 'complete'),
        eq(attempts.status, 'submitted'),
        ownedBy(attempts.organizationId, tenant),
      ),
    );
  if (!row?.storageKey || row.size === null) throw notFound('Recording not found');
  return { mime: row.mime ?? 'audio/webm', storageKey: row.storageKey, size: row.size };
}
