import { type AnswerChange, API_BASE, type Paper, type SaveAnswersResult } from '@prepwise/contract';
import { api } from '../../lib/api-client';
import type { SaveTransport } from './exam-sync';

export function fetchPaper(attemptId: string): Promise<Paper> {
  return api.get<Paper>(`/user/attempts/${encodeURIComponent(attemptId)}`);
}

/** Saves through the API client (token refresh included); `keepalive` saves outlive a closing page. */
export function attemptTransport(attemptId: string): SaveTransport {
  const base = `/user/attempts/${encodeURIComponent(attemptId)}`;
  return {
    async save(changes: AnswerChange[], { keepalive }) {
      if (!keepalive) return api.put<SaveAnswersResult>(`${base}/answers`, { answers: changes });
      // sendBeacon can only POST; fetch keepalive keeps the PUT, its cookies and its body.
      const response = await fetch(`${API_BASE}${base}/answers`, {
        method: 'PUT',
        keepalive: true,
        credentials: 'include',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ answers: changes }),
      });
      if (!response.ok) throw new Error(`Keepalive save failed (${response.status})`);
      const payload = (await response.json()) as { result: SaveAnswersResult };
      return payload.result;
    },
    submit(changes: AnswerChange[]) {
      return api.post(`${base}/submit`, { answers: changes });
    },
  };
}

export function resultPath(slug: string, attemptId: string): string {
  return `/tests/${encodeURIComponent(slug)}/result/${encodeURIComponent(attemptId)}`;
}
