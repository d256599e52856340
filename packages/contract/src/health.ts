import { z } from 'zod';

export const healthResultSchema = z.object({
  status: z.literal('ok'),
  uptimeSeconds: z.number(),
  version: z.string(),
});

export const readyResultSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.object({
    driver: z.enum(['pglite', 'postgres']),
    reachable: z.boolean(),
    migrationsApplied: z.number().int(),
    migrationsExpected: z.number().int(),
  }),
  jobs: z.object({ running: z.boolean() }),
});

export type HealthResult = z.infer<typeof healthResultSchema>;
export type ReadyResult = z.infer<typeof readyResultSchema>;
