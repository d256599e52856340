import { errorBodySchema } from '@prepwise/contract';

/** The success envelope (`okEnvelope()` in the contract): `{ statusCode: 200, message: 'OK', result }`. */
export const ok = <T>(result: T) => ({ statusCode: 200, message: 'OK', result });

/** The error answers a route declares, each with the error envelope, e.g. `errorsOf(400, 401, 422)`. */
export function errorsOf<const C extends number>(...codes: C[]): { [K in C]: typeof errorBodySchema } {
  return Object.fromEntries(codes.map((code) => [code, errorBodySchema])) as {
    [K in C]: typeof errorBodySchema;
  };
}

/** A back-office route's error answers: signed out, forbidden, not found, conflict, invalid. */
export const errorResponses = errorsOf(401, 403, 404, 409, 422);

/** What an upload adds: a body that is not a readable form (400), too large (413), an unknown format (415). */
export const uploadErrorResponses = errorsOf(400, 413, 415);
