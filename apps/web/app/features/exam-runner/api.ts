import {
  type AnswerChange,
  API_BASE,
  type AttemptHighlights,
  type Highlight,
  type IntegrityEventInput,
  type Paper,
  type SaveAnswersResult,
} from '@prepwise/contract';
import { apiClient } from '../../lib/api-client';
import { DEVICE_HEADER, deviceId } from '../../lib/device-id';
import { renewAccessToken } from '../../lib/token-refresh';
import type { SaveTransport } from './exam-sync';

/*
 * The access token lives minutes, an exam hours. The API says when the token of each paper and save
 * request expires; a save due after that (less a margin) renews the token first, without the 401 and
 * the page reload of the general refresh (seed-spec §4), which would cut a play-once recording short.
 */
const RENEW_MARGIN_MS = 60_000;
/** When the current access token expires, on this browser's clock; null when unknown. */
let tokenExpiresAt: number | null = null;
let renewing: Promise<void> | null = null;

/** Notes a token expiry the API reported with its own clock's time. */
export function noteTokenExpiry(expiresAt: string | null | undefined, serverNow: string) {
  if (!expiresAt) return;
  tokenExpiresAt = Date.now() + (Date.parse(expiresAt) - Date.parse(serverNow));
}

/** Renews the access token when it expires within the margin (one renewal at a time). */
export async function renewTokenIfDue(now = Date.now()): Promise<void> {
  if (tokenExpiresAt === null || now < tokenExpiresAt - RENEW_MARGIN_MS) return;
  renewing ??= renewAccessToken()
    .then((seconds) => {
      tokenExpiresAt = seconds === null ? null : Date.now() + seconds * 1000;
    })
    .finally(() => {
      renewing = null;
    });
  await renewing;
}

export async function fetchPaper(attemptId: string): Promise<Paper> {
  await renewTokenIfDue();
  const paper = await apiClient.get('/user/attempts/{id}', { path: { id: attemptId } });
  noteTokenExpiry(paper.token_expires_at, paper.attempt.server_now);
  return paper;
}

/**
 * Tells the server a play-once clip starts. Answers true when this is its first play in the attempt,
 * false when it was played already (another tab or device), null when the server could not be asked.
 */
export async function recordAudioPlay(attemptId: string, mediaId: string): Promise<boolean | null> {
  try {
    await renewTokenIfDue();
    const result = await apiClient.post('/user/attempts/{id}/audio-plays', {
      path: { id: attemptId },
      body: { media_id: mediaId },
    });
    return result.first;
  } catch {
    return null;
  }
}

/** Saves through the API client (token refresh included); `keepalive` saves outlive a closing page. */
export function attemptTransport(attemptId: string): SaveTransport {
  const base = `/user/attempts/${encodeURIComponent(attemptId)}`;
  return {
    async save(changes: AnswerChange[], { keepalive }, events: IntegrityEventInput[] = []) {
      if (!keepalive) {
        await renewTokenIfDue();
        const saved = await apiClient.put('/user/attempts/{id}/answers', {
          path: { id: attemptId },
          body: { answers: changes, events },
        });
        noteTokenExpiry(saved.token_expires_at, saved.server_now);
        return saved;
      }
      // sendBeacon can only POST; fetch keepalive keeps the PUT, its cookies and its body.
      const device = deviceId();
      const response = await fetch(`${API_BASE}${base}/answers`, {
        method: 'PUT',
        keepalive: true,
        credentials: 'include',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(device ? { [DEVICE_HEADER]: device } : {}),
        },
        body: JSON.stringify({ answers: changes, events }),
      });
      if (!response.ok) throw new Error(`Keepalive save failed (${response.status})`);
      const payload = (await response.json()) as { result: SaveAnswersResult };
      return payload.result;
    },
    async submit(changes: AnswerChange[], events: IntegrityEventInput[] = []) {
      await renewTokenIfDue();
      return apiClient.post('/user/attempts/{id}/submit', {
        path: { id: attemptId },
        body: { answers: changes, events },
      });
    },
  };
}

export function resultPath(slug: string, attemptId: string): string {
  return `/tests/${encodeURIComponent(slug)}/result/${encodeURIComponent(attemptId)}`;
}

/** The learner's highlights and notes on the attempt's passages (null when the server cannot be asked). */
export async function fetchHighlights(attemptId: string): Promise<AttemptHighlights | null> {
  try {
    await renewTokenIfDue();
    return await apiClient.get('/user/attempts/{id}/highlights', { path: { id: attemptId } });
  } catch {
    return null;
  }
}

/** Saves the whole set; answers the set the server keeps (a newer one from another device wins). */
export async function saveHighlights(
  attemptId: string,
  body: { highlights: Highlight[]; updated_at: string },
): Promise<AttemptHighlights> {
  await renewTokenIfDue();
  return apiClient.put('/user/attempts/{id}/highlights', { path: { id: attemptId }, body });
}

/**
 * "Leave this device" (issue 29): the device holding the attempt signs out of it, so the learner's
 * other device takes over on its next open.
 */
export async function releaseDevice(attemptId: string): Promise<void> {
  await renewTokenIfDue();
  await apiClient.post('/user/attempts/{id}/release-device', { path: { id: attemptId } });
}
