import type { CodeRequestResult } from '@prepwise/contract';
import { MESSAGE_KEYS } from '@prepwise/contract';
import { useEffect, useState } from 'react';

/**
 * When another code may be asked for, from the API's answer to asking for one (it mails at most one a
 * minute per e-mail, and says how many seconds are left): a time in milliseconds.
 */
export const nextCodeAt = (answer: CodeRequestResult) => Date.now() + answer.resend_in_seconds * 1000;

/** The answer said a code was asked for less than a minute ago, so it sent no new one. */
export const sentNothing = (answer: CodeRequestResult | undefined) =>
  answer?.message_key === MESSAGE_KEYS.codeRecentlySent;

/**
 * Seconds left before another code may be asked for (`until`: {@link nextCodeAt}, null before any):
 * 0 once it may. The button says when instead of offering a request that would send nothing.
 */
export function useResendCountdown(until: number | null) {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (until === null) {
      setLeft(0);
      return;
    }
    const tick = () => setLeft(Math.max(0, Math.ceil((until - Date.now()) / 1000)));
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return left;
}
