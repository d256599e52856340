import multipart from '@fastify/multipart';
import {
  addCardBodySchema,
  IMPORT_MAX_BYTES,
  idParamsSchema,
  MESSAGE_KEYS,
  messageResultSchema,
  myCardsQuerySchema,
  okEnvelope,
  pageOf,
  publicVocabularyTopicDetailSchema,
  publicVocabularyTopicSchema,
  resultWordSchema,
  reviewBodySchema,
  reviewQueueSchema,
  reviewResultSchema,
  slugParamsSchema,
  speechQuerySchema,
  vocabularyCardSchema,
  vocabularySettingsBodySchema,
  vocabularySettingsSchema,
  vocabularyStatsSchema,
  vocabularyTopicBodySchema,
  vocabularyTopicListQuerySchema,
  vocabularyTopicSchema,
  vocabularyWordBodySchema,
  vocabularyWordListQuerySchema,
  vocabularyWordSchema,
  wordAudioQuerySchema,
  wordImportPreviewSchema,
  wordImportResultSchema,
  wordSuggestionQuerySchema,
  wordSuggestionSchema,
} from '@prepwise/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerCrud } from '../../http/crud';
import { readUpload } from '../../http/multipart';
import { errorResponses, ok } from '../../http/reply';
import { sendSpeech, speechAudio } from '../../lib/speech';
import { requireAuth, requireContext } from '../../plugins/auth';
import type { MultipartDoc } from '../../plugins/openapi';
import { learnerNow } from '../../plugins/test-clock';
import { scoped } from '../../tenancy/scoped';
import { mediaUrl } from '../media/media.service';
import { addCard, addTopicCards, getSettings, listMyCards, removeCard, saveSettings } from './cards.service';
import { getStats } from './progress.service';
import { resultWords } from './result-words';
import { getQueue, review, undoLastReview } from './review.service';
import {
  createTopic,
  deleteTopic,
  getPublicTopic,
  getTopic,
  listTopics,
  updateTopic,
} from './topics.service';
import * as wordFile from './word-file.service';
import * as wordHelp from './word-help';
import {
  createWord,
  deleteWord,
  getWord,
  listWords,
  publicWordSpeechText,
  updateWord,
} from './words.service';

/**
 * Spoken audio: the same text always gives the same bytes, so browsers keep it for a day and revalidate
 * (an edited headword is new text, hence a new file).
 */
/** The multipart body of the word imports, for the OpenAPI document. */
const WORD_FILE: MultipartDoc = {
  file: 'The words: CSV (UTF-8) or XLSX with the columns of the export (headword, part_of_speech, ipa, meaning_vi …)',
};

// Least privilege (issue 26): the spec gave the vocabulary screens an empty permission, so a view-only
// role could write them; each route now requires its own.
const vocabularyPermissions = {
  view: 'view_vocabulary',
  create: 'create_vocabulary',
  update: 'update_vocabulary',
  delete: 'delete_vocabulary',
} as const;
/** The authors' tools (suggestions, spoken previews): for whoever writes words. */
const WRITES_VOCABULARY = ['create_vocabulary', 'update_vocabulary'] as const;
const learner = requireAuth({ strategies: ['user'] });

/** The authors' side, in the platform's scope: topics and words, word files, suggestions and speech. */
const vocabularyAdminRoutes = scoped(['platform'], async (app) => {
  const db = app.db;
  const tags = ['vocabulary'];
  registerCrud(app, {
    path: '/vocabulary-topics',
    tag: 'vocabulary',
    permissions: vocabularyPermissions,
    listQuery: vocabularyTopicListQuerySchema,
    body: vocabularyTopicBodySchema,
    item: vocabularyTopicSchema,
    list: (query) => listTopics(db, query),
    get: (id) => getTopic(db, id),
    create: (body) => createTopic(db, body),
    update: (id, body) => updateTopic(db, id, body, app.now()),
    remove: (id) => deleteTopic(db, id),
  });
  registerCrud(app, {
    path: '/vocabulary-words',
    tag: 'vocabulary',
    permissions: vocabularyPermissions,
    listQuery: vocabularyWordListQuerySchema,
    body: vocabularyWordBodySchema,
    item: vocabularyWordSchema,
    list: (query) => listWords(db, query),
    get: (id) => getWord(db, id),
    create: (body) => createWord(db, body),
    update: (id, body) => updateWord(db, id, body, app.now()),
    remove: (id) => deleteWord(db, id),
  });

  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  app.post(
    '/vocabulary-words/import/preview',
    {
      config: { permission: 'create_vocabulary', multipart: WORD_FILE },
      schema: {
        tags,
        summary: 'Reads a CSV/XLSX word file and checks every row (nothing is written)',
        consumes: ['multipart/form-data'],
        response: { 200: okEnvelope(wordImportPreviewSchema), ...errorResponses },
      },
    },
    async (request) => {
      const file = await readUpload(request);
      return ok(await wordFile.previewWordFile(db, wordFile.readWordFile(file.filename, file.bytes)));
    },
  );
  app.post(
    '/vocabulary-words/import',
    {
      config: { permission: 'create_vocabulary', multipart: WORD_FILE },
      schema: {
        tags,
        summary: 'Imports every row of a word file, or nothing (422 naming rows.N.column)',
        consumes: ['multipart/form-data'],
        response: { 200: okEnvelope(wordImportResultSchema), ...errorResponses },
      },
    },
    async (request) => {
      const file = await readUpload(request);
      return ok(
        await wordFile.importWordFile(db, wordFile.readWordFile(file.filename, file.bytes), app.now()),
      );
    },
  );
  for (const format of ['csv', 'xlsx'] as const) {
    app.get(
      `/vocabulary-words/export.${format}`,
      {
        config: { permission: 'view_vocabulary' },
        schema: {
          tags,
          summary: `Every word (or one topic's) as ${format.toUpperCase()}, in the import's columns`,
          querystring: z.object({ topic_id: z.uuid().optional() }),
        },
      },
      async (request, reply) => {
        const file = await wordFile.exportWordFile(db, format, request.query.topic_id);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .send(Buffer.from(file.bytes));
      },
    );
  }
  // Help for authors (WordNet senses, eSpeak NG pronunciation and audio), offline: word-help.ts and
  // lib/speech.ts.
  app.get(
    '/vocabulary-suggestions',
    {
      config: { permission: WRITES_VOCABULARY },
      schema: {
        tags,
        summary: "A headword's senses from WordNet 3.1 and its pronunciation (IPA) from eSpeak NG",
        querystring: wordSuggestionQuerySchema,
        response: { 200: okEnvelope(wordSuggestionSchema), ...errorResponses },
      },
    },
    async (request) => ok(await wordHelp.suggestWord(request.query.headword)),
  );
  app.get(
    '/vocabulary-speech',
    {
      config: { permission: WRITES_VOCABULARY },
      schema: {
        tags,
        summary: 'A headword or sentence spoken by eSpeak NG (WAV), for the author to hear before saving',
        querystring: speechQuerySchema,
      },
    },
    async (request, reply) => sendSpeech(reply, await speechAudio(app.storage, request.query.text)),
  );
});

/**
 * Vocabulary: topics and words authored in /admin, read by everyone through /api/public, and each
 * learner's flashcards scheduled with FSRS (ts-fsrs) under /api/user/vocabulary.
 */
export const vocabularyRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const tags = ['vocabulary'];
  await app.register(vocabularyAdminRoutes);
  app.get(
    '/public/vocabulary/words/:id/audio',
    {
      schema: {
        tags,
        summary: "A published word's headword (or its example sentence `example`) spoken, as WAV",
        params: idParamsSchema,
        querystring: wordAudioQuerySchema,
      },
    },
    async (request, reply) => {
      const { text, recordingId } = await publicWordSpeechText(db, request.params.id, request.query.example);
      // An author's recording is a media file: served (with its caching and ranges) at its own address.
      if (recordingId) return reply.redirect(mediaUrl(recordingId), 302);
      return sendSpeech(reply, await speechAudio(app.storage, text));
    },
  );
  app.get(
    '/public/vocabulary/topics',
    {
      schema: {
        tags,
        summary: 'Published topics in their order, with their word counts',
        querystring: vocabularyTopicListQuerySchema,
        response: { 200: okEnvelope(pageOf(publicVocabularyTopicSchema)), ...errorResponses },
      },
    },
    async (request) => {
      const page = await listTopics(db, request.query, { publishedOnly: true });
      return ok({ ...page, items: page.items.map(({ published: _p, position: _o, ...topic }) => topic) });
    },
  );
  app.get(
    '/public/vocabulary/topics/:slug',
    {
      schema: {
        tags,
        params: slugParamsSchema,
        response: { 200: okEnvelope(publicVocabularyTopicDetailSchema), ...errorResponses },
      },
    },
    async (request) => ok(await getPublicTopic(db, request.params.slug)),
  );

  const userId = (request: Parameters<typeof requireContext>[0]) => requireContext(request).user.id;
  /** The learner's clock: the server's, moved forward only by the e2e tests (plugins/test-clock.ts). */
  const now = (request: Parameters<typeof requireContext>[0]) => learnerNow(app, userId(request));
  app.get(
    '/user/vocabulary/cards',
    {
      preHandler: learner,
      schema: {
        tags,
        summary: "The learner's words (cards), newest first",
        querystring: myCardsQuerySchema,
        response: { 200: okEnvelope(pageOf(vocabularyCardSchema)), ...errorResponses },
      },
    },
    async (request) => ok(await listMyCards(db, userId(request), request.query)),
  );
  app.post(
    '/user/vocabulary/cards',
    {
      preHandler: learner,
      schema: {
        tags,
        summary: 'Adds a word to my words (a new card); adding it again answers the same card',
        body: addCardBodySchema,
        response: { 200: okEnvelope(vocabularyCardSchema), ...errorResponses },
      },
    },
    async (request) => ok(await addCard(db, userId(request), request.body.word_id, now(request))),
  );
  app.get(
    '/user/attempts/:id/vocabulary',
    {
      preHandler: learner,
      schema: {
        tags,
        summary:
          'Words of the vocabulary in the questions the learner missed in one result (to add to my words)',
        params: idParamsSchema,
        response: { 200: okEnvelope(z.object({ items: z.array(resultWordSchema) })), ...errorResponses },
      },
    },
    async (request) => ok({ items: await resultWords(db, userId(request), request.params.id, app.now()) }),
  );
  app.post(
    '/user/vocabulary/topics/:slug/cards',
    {
      preHandler: learner,
      schema: {
        tags,
        summary: 'Adds every word of a topic to my words (those not there yet)',
        params: slugParamsSchema,
        response: { 200: okEnvelope(z.object({ added: z.number() })), ...errorResponses },
      },
    },
    async (request) => ok(await addTopicCards(db, userId(request), request.params.slug, now(request))),
  );
  app.delete(
    '/user/vocabulary/cards/:id',
    {
      preHandler: learner,
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: okEnvelope(messageResultSchema), ...errorResponses },
      },
    },
    async (request) => {
      await removeCard(db, userId(request), request.params.id);
      return ok({ message_key: MESSAGE_KEYS.deleted });
    },
  );
  app.get(
    '/user/vocabulary/review',
    {
      preHandler: learner,
      schema: {
        tags,
        summary:
          'Cards to review now (due first, then new within the daily limit) with the next interval per rating',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
        response: { 200: okEnvelope(reviewQueueSchema), ...errorResponses },
      },
    },
    async (request) => ok(await getQueue(db, userId(request), now(request), request.query.limit)),
  );
  app.post(
    '/user/vocabulary/cards/:id/reviews',
    {
      preHandler: learner,
      schema: {
        tags,
        summary: 'Rates a card (1 again, 2 hard, 3 good, 4 easy); idempotent per client_id',
        params: idParamsSchema,
        body: reviewBodySchema,
        response: { 200: okEnvelope(reviewResultSchema), ...errorResponses },
      },
    },
    async (request) => ok(await review(db, userId(request), request.params.id, request.body, now(request))),
  );
  app.post(
    '/user/vocabulary/reviews/undo',
    {
      preHandler: learner,
      schema: {
        tags,
        summary: "Takes back the learner's latest rating",
        response: { 200: okEnvelope(vocabularyCardSchema), ...errorResponses },
      },
    },
    async (request) => ok(await undoLastReview(db, userId(request))),
  );
  app.get(
    '/user/vocabulary/settings',
    {
      preHandler: learner,
      schema: { tags, response: { 200: okEnvelope(vocabularySettingsSchema), ...errorResponses } },
    },
    async (request) => ok(await getSettings(db, userId(request))),
  );
  app.put(
    '/user/vocabulary/settings',
    {
      preHandler: learner,
      schema: {
        tags,
        body: vocabularySettingsBodySchema,
        response: { 200: okEnvelope(vocabularySettingsSchema), ...errorResponses },
      },
    },
    async (request) => ok(await saveSettings(db, userId(request), request.body, now(request))),
  );
  app.get(
    '/user/vocabulary/stats',
    {
      preHandler: learner,
      schema: { tags, response: { 200: okEnvelope(vocabularyStatsSchema), ...errorResponses } },
    },
    async (request) => ok(await getStats(db, userId(request), now(request))),
  );
};
