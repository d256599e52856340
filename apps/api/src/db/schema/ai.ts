import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts';
import { examFormats, levels } from './exams';
import { questions } from './question-bank';
import { vocabularyTopics } from './vocabulary';

export const aiJobStatusEnum = pgEnum('ai_job_status', ['queued', 'running', 'finished', 'cancelled']);
export const aiDraftStatusEnum = pgEnum('ai_draft_status', [
  'queued',
  'failed',
  'cancelled',
  'pending_review',
  'approved',
  'rejected',
]);

/** A request to generate questions (one pg-boss job runs it); its items are the drafts. */
export const aiGenerationJobs = pgTable(
  'ai_generation_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    formatId: uuid('format_id')
      .notNull()
      .references(() => examFormats.id, { onDelete: 'restrict' }),
    levelId: uuid('level_id').references(() => levels.id, { onDelete: 'set null' }),
    task: text('task').notNull(),
    count: integer('count').notNull(),
    topic: text('topic'),
    sourceText: text('source_text'),
    /** A published vocabulary topic whose words are the job's word list. */
    vocabularyTopicId: uuid('vocabulary_topic_id').references(() => vocabularyTopics.id, {
      onDelete: 'set null',
    }),
    /** A cloze job's passage with its numbered gaps, fixed when the job is created. */
    cloze: jsonb('cloze').$type<{
      passage: string;
      gaps: { number: number; word: string; pos: string; level: string; sentence: string }[];
    }>(),
    /**
     * A listening job's script (a conversation or a talk), written by its provider as the job's first
     * step; `facts` are the built-in generator's questions about it (null when a model wrote it).
     */
    listening: jsonb('listening').$type<{
      kind: 'conversation' | 'talk';
      title: string;
      lines: { speaker: string; text: string }[];
      /** The script spoken by the offline synthesizer (a media row), when it could be made. */
      audioId?: string | null;
      facts:
        | {
            question: string;
            answer: string;
            distractors: string[];
            line: number;
            evidence: string;
            distractorEvidence: string[];
          }[]
        | null;
    }>(),
    explanationLanguage: text('explanation_language').notNull(),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    seed: integer('seed').notNull(),
    status: aiJobStatusEnum('status').notNull().default('queued'),
    /** Bumped by cancel and retry: a worker still busy with an earlier run writes nothing more. */
    run: integer('run').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('ai_generation_jobs_owner_idx').on(table.organizationId, table.createdAt)],
);

/** One generated item: a draft question waiting for a person, never in a test before it is approved. */
export const aiDrafts = pgTable(
  'ai_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => aiGenerationJobs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    status: aiDraftStatusEnum('status').notNull().default('queued'),
    /** The question body (the bank's `questionBodySchema`), once generated. */
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    answerKind: text('answer_kind'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    prompt: text('prompt'),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    rejectReason: text('reject_reason'),
    questionId: uuid('question_id').references(() => questions.id, { onDelete: 'set null' }),
    editedBy: uuid('edited_by').references(() => users.id, { onDelete: 'set null' }),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ai_drafts_job_idx').on(table.jobId, table.position),
    index('ai_drafts_owner_status_idx').on(table.organizationId, table.status, table.createdAt),
  ],
);
