/**
 * Where "now" comes from (issue 27). Services and jobs never read the wall clock: a route or job reads the
 * app's clock (`Deps.now`, `buildApp({ now })`) and passes the time in, so a test can fix or move it.
 */
export type Clock = () => Date;

/**
 * Real time, for what must not follow a test's clock: sign-ins (jose checks a token's expiry against real
 * time, and a test moving the app's clock by days keeps its learners signed in), request signatures sent
 * to S3, caches and throttles that measure how long the process waited.
 */
export const wallClock: Clock = () => new Date();
