import { useEffect, useState } from 'react';

/** The API mails at most one code a minute per account (sign-in and reset codes alike). */
export const RESEND_AFTER_SECONDS = 60;

/**
 * Seconds left before another code may be asked for, counted from `startedAt` (the time of the last
 * request, null before any): 0 once it may. A request within the minute would be answered like any other
 * but send nothing, so the button says when the next one can go instead.
 */
export function useResendCountdown(startedAt: number | null, seconds = RESEND_AFTER_SECONDS) {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (startedAt === null) return;
    const tick = () => setLeft(Math.max(0, seconds - Math.floor((Date.now() - startedAt) / 1000)));
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [seconds, startedAt]);
  return left;
}
