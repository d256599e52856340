import { z } from 'zod';
import { VALIDATION_KEYS } from './validation';

/** Field builders shared by the request schemas, so every form names its errors the same way. */

export const requiredText = (max: number) =>
  z
    .string({ error: VALIDATION_KEYS.required })
    .trim()
    .min(1, { error: VALIDATION_KEYS.required })
    .max(max, { error: VALIDATION_KEYS.maxLength });

/** Empty, null or missing all become null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: VALIDATION_KEYS.maxLength })
    .nullish()
    .transform((value) => value || null);

/** A URL slug typed by hand; empty means "make one from the title". */
export const optionalSlug = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: VALIDATION_KEYS.maxLength })
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'common.invalid_slug' })
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((value) => value || null);

export const optionalId = z
  .uuid({ error: VALIDATION_KEYS.invalid })
  .nullish()
  .transform((value) => value ?? null);
