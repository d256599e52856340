import { z } from 'zod';

/** The success envelope of every API answer: `{ statusCode, message, result }`. */
export function okEnvelope<T extends z.ZodType>(result: T) {
  return z.object({
    statusCode: z.number().int(),
    message: z.string(),
    result,
  });
}

/** The `result` of a list answer. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    total: z.number().int().min(0),
  });
}

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});

export type Envelope<T> = { statusCode: number; message: string; result: T };
export type Page<T> = { items: T[]; page: number; pageSize: number; total: number };
