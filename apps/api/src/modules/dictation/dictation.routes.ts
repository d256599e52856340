import {
  dictationAudioParamsSchema,
  dictationExerciseSchema,
  dictationListSchema,
  idParamsSchema,
  okEnvelope,
} from '@prepwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, ok } from '../../http/reply';
import { sendSpeech, speechAudio } from '../../lib/speech';
import { authenticate, readAccessToken } from '../../plugins/auth';
import * as dictation from './dictation.service';

/**
 * The signed-in learner behind a public request, if any: the dictation is open to visitors, and a
 * learner's open attempt holds back its own transcripts. A missing, expired or foreign token is a visitor.
 */
async function optionalLearnerId(request: Parameters<typeof authenticate>[0]): Promise<string | null> {
  if (!readAccessToken(request)) return null;
  try {
    const context = await authenticate(request);
    return context.strategy === 'user' ? context.user.id : null;
  } catch {
    return null;
  }
}

/** Dictation (chép chính tả) from the listening transcripts of reviewable tests (issue 14). */
export const dictationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const tags = ['dictation'];

  app.get(
    '/public/dictation',
    {
      schema: {
        tags,
        summary: 'The dictation exercises: listening transcripts of free published tests, by exam and part',
        response: { 200: okEnvelope(dictationListSchema), ...errorResponses },
      },
    },
    async () => ok({ items: await dictation.listExercises(db) }),
  );
  app.get(
    '/public/dictation/:id',
    {
      schema: {
        tags,
        summary:
          "One exercise with its sentences (409 while the learner's open attempt holds the transcript)",
        params: idParamsSchema,
        response: { 200: okEnvelope(dictationExerciseSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(await dictation.getExercise(db, request.params.id, await optionalLearnerId(request))),
  );
  app.get(
    '/public/dictation/:id/sentences/:index/audio',
    {
      schema: {
        tags,
        summary: 'One sentence of an exercise spoken by eSpeak NG (WAV, made once and stored)',
        params: dictationAudioParamsSchema,
      },
    },
    async (request, reply) => {
      const { id, index } = request.params;
      const text = await dictation.sentenceText(db, id, index, await optionalLearnerId(request));
      return sendSpeech(reply, await speechAudio(app.storage, text));
    },
  );
};
