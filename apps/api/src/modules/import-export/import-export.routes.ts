import multipart from '@fastify/multipart';
import {
  exportBodySchema,
  fieldErrorsFromIssues,
  IMPORT_MAX_BYTES,
  importFieldsSchema,
  importPreviewSchema,
  importResultSchema,
  okEnvelope,
} from '@prepwise/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readUpload } from '../../http/multipart';
import { errorResponses, errorsOf, ok, uploadErrorResponses } from '../../http/reply';
import { AppError, validationFailed } from '../../lib/errors';
import { requireContext } from '../../plugins/auth';
import type { MultipartDoc } from '../../plugins/openapi';
import { scoped } from '../../tenancy/scoped';
import { remoteImageLocalizer } from '../media/remote-images.service';
import * as transfer from './import-export.service';

const uploadErrors = { ...errorResponses, ...uploadErrorResponses };

/** The uploaded file and the form fields next to it, checked. */
async function readImport(request: FastifyRequest) {
  const file = await readUpload(request);
  const parsed = importFieldsSchema.safeParse(file.fields);
  if (!parsed.success) {
    const errors = fieldErrorsFromIssues(parsed.error.issues);
    if (errors.format) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unknown import format', errors);
    throw validationFailed(errors);
  }
  const format = transfer.detectFormat(file.filename, file.bytes, parsed.data.format);
  return { format, bytes: file.bytes, fields: parsed.data };
}

function download(reply: FastifyReply, file: transfer.ExportFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(Buffer.from(file.bytes));
}

/** Question-bank import (preview, then all-or-nothing or the valid items only), templates, and export. */
/** The multipart body of the question imports, for the OpenAPI document. */
const QUESTION_FILE: MultipartDoc = {
  file: 'The questions: CSV or XLSX (the template), Moodle XML, GIFT, Aiken, or a QTI item (.xml) or package (.zip)',
  fields: importFieldsSchema,
};

/**
 * Registered once per back office: `/api/admin/question-bank/…` imports into and exports from the
 * platform's bank, `/api/educator/question-bank/…` the caller's organization's own.
 */
export const importExportRoutes = scoped(['platform', 'organization'], async (app) => {
  // Fields and file: a little room above the file limit for the other parts.
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10, parts: 11 } });
  const db = app.db;
  const tags = ['question bank import/export'];
  const formats = 'format: csv, xlsx, moodle, gift, aiken or qti (or taken from the extension)';

  app.post(
    '/question-bank/import/preview',
    {
      config: { permission: 'create_question', multipart: QUESTION_FILE },
      schema: {
        tags,
        summary: `Reads a file and shows every item with its errors; nothing is saved. Multipart: file, ${formats}, format_id, level_id?, tags?, skip_invalid?`,
        consumes: ['multipart/form-data'],
        response: { 200: okEnvelope(importPreviewSchema), ...uploadErrors },
      },
    },
    async (request) => {
      const upload = await readImport(request);
      return ok(await transfer.previewImport(db, request.tenant, upload.format, upload.bytes, upload.fields));
    },
  );

  app.post(
    '/question-bank/import',
    {
      config: { permission: 'create_question', multipart: QUESTION_FILE },
      schema: {
        tags,
        summary:
          'Imports every item of a file in one transaction, or nothing (422 naming the lines/items); with skip_invalid=true, the valid items only, the others listed in `skipped` with their reasons',
        consumes: ['multipart/form-data'],
        response: { 200: okEnvelope(importResultSchema), ...uploadErrors },
      },
    },
    async (request) => {
      const upload = await readImport(request);
      const userId = requireContext(request).user.id;
      return ok(
        await transfer.runImport(
          db,
          request.tenant,
          userId,
          upload.format,
          upload.bytes,
          upload.fields,
          remoteImageLocalizer(app.deps, request.tenant, userId),
        ),
      );
    },
  );

  app.get(
    '/question-bank/import/template.xlsx',
    {
      config: { permission: 'create_question' },
      schema: { tags, summary: 'The import template (XLSX, with the answer syntax on sheet 2)' },
    },
    async (_request, reply) =>
      download(reply, {
        bytes: transfer.templateXlsx(),
        filename: 'prepwise-import-template.xlsx',
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
  );

  app.get(
    '/question-bank/import/template.csv',
    {
      config: { permission: 'create_question' },
      schema: { tags, summary: 'The import template (CSV, UTF-8)' },
    },
    async (_request, reply) =>
      download(reply, {
        bytes: transfer.templateCsv(),
        filename: 'prepwise-import-template.csv',
        contentType: 'text/csv; charset=utf-8',
      }),
  );

  app.post(
    '/question-bank/export',
    {
      config: { permission: 'view_question' },
      schema: {
        tags,
        summary: 'Downloads questions, groups or a whole test as XLSX, Moodle XML or a QTI 3.0 package',
        body: exportBodySchema,
        response: { ...errorResponses, ...errorsOf(400) },
      },
    },
    async (request, reply) =>
      download(reply, await transfer.exportQuestions(db, request.tenant, request.body, app.now())),
  );
});
