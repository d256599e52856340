import {
  PACKAGE_KEYS,
  ROSTER_COLUMNS,
  ROSTER_MAX_ROWS,
  type RosterImportResult,
  type RosterPreview,
  type RosterRow,
  STUDENT_KEYS,
  VALIDATION_KEYS,
} from '@prepwise/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { classes, organizationStudents, users } from '../../db/schema';
import type { DepsOf } from '../../deps';
import { AppError, validationFailed } from '../../lib/errors';
import { writeCsv } from '../import-export/formats/csv';
import type { SourceRow } from '../import-export/formats/table';
import { readTableFile } from '../import-export/formats/table-file';
import { writeXlsx } from '../import-export/formats/xlsx';
import { seatsLeft } from '../organization-packages/packages.service';
import { claimInvitationMails, createInvitation, localeOf, type OutgoingMail } from './invitations.service';
import { attachStudent, type OrganizationTenant } from './students.service';

/**
 * Roster import: a CSV or XLSX file with the columns email, full_name, student_code, class. Class names
 * (several separated by `;` or `,`) that the organization does not have yet are CREATED by the import
 * (the preview lists them); an archived class is refused on its row. Existing learner accounts are
 * attached; new addresses get a learner account without a password and an invitation mail to set one.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

const HEADER_ALIASES: Record<string, (typeof ROSTER_COLUMNS)[number]> = {
  email: 'email',
  'e-mail': 'email',
  full_name: 'full_name',
  fullname: 'full_name',
  name: 'full_name',
  ho_ten: 'full_name',
  họ_tên: 'full_name',
  student_code: 'student_code',
  code: 'student_code',
  mã_học_viên: 'student_code',
  class: 'class',
  classes: 'class',
  lớp: 'class',
};

const unreadable = (message: string) =>
  new AppError(422, 'VALIDATION_FAILED', message, { file: STUDENT_KEYS.rosterUnreadable });

/** The file's rows, each with the line (CSV) or row (XLSX) number the user sees in their program. */
export function readRoster(filename: string, bytes: Uint8Array): SourceRow[] {
  return readTableFile(filename, bytes, unreadable);
}

interface ParsedRow extends RosterRow {
  userId: string | null;
}

const emailSchema = z.email().max(254);

/** Checks every row against the organization (nothing is written). */
async function check(
  db: Executor,
  tenant: OrganizationTenant,
  source: SourceRow[],
  now: Date,
): Promise<{ rows: ParsedRow[]; newClasses: string[]; classIds: Map<string, string> }> {
  const [header, ...body] = source;
  const columns = (header?.cells ?? []).map(
    (cell) => HEADER_ALIASES[cell.trim().toLowerCase().replace(/\s+/g, '_')] ?? null,
  );
  if (!columns.includes('email')) throw validationFailed({ file: STUDENT_KEYS.rosterHeader });
  const cellOf = (row: SourceRow, column: (typeof ROSTER_COLUMNS)[number]) => {
    const index = columns.indexOf(column);
    return index < 0 ? '' : (row.cells[index] ?? '').trim();
  };
  const data = body.filter((row) => row.cells.some((cell) => cell.trim() !== ''));
  if (data.length === 0) throw validationFailed({ file: STUDENT_KEYS.rosterEmpty });
  if (data.length > ROSTER_MAX_ROWS) throw validationFailed({ file: STUDENT_KEYS.rosterTooMany });

  const rows: ParsedRow[] = data.map((row) => ({
    row: row.number,
    email: cellOf(row, 'email').toLowerCase(),
    full_name: cellOf(row, 'full_name'),
    student_code: cellOf(row, 'student_code') || null,
    classes: [
      ...new Map(
        cellOf(row, 'class')
          .split(/[;,]/)
          .map((name) => name.trim().replace(/\s+/g, ' '))
          .filter(Boolean)
          .map((name) => [name.toLowerCase(), name] as const),
      ).values(),
    ],
    account: 'new',
    errors: {},
    userId: null,
  }));

  const emails = [...new Set(rows.map((r) => r.email).filter(Boolean))];
  const accounts = emails.length
    ? await db
        .select({ id: users.id, email: users.email, scope: users.scope, fullName: users.fullName })
        .from(users)
        .where(inArray(users.email, emails))
    : [];
  const byEmail = new Map(accounts.map((a) => [a.email, a]));
  const members = accounts.length
    ? await db
        .select({ userId: organizationStudents.userId })
        .from(organizationStudents)
        .where(
          and(
            eq(organizationStudents.organizationId, tenant.organizationId),
            eq(organizationStudents.status, 'active'),
            inArray(
              organizationStudents.userId,
              accounts.map((a) => a.id),
            ),
          ),
        )
    : [];
  const memberIds = new Set(members.map((m) => m.userId));
  const existingClasses = await db
    .select({ id: classes.id, name: classes.name, archivedAt: classes.archivedAt })
    .from(classes)
    .where(eq(classes.organizationId, tenant.organizationId));
  const classByName = new Map(existingClasses.map((c) => [c.name.toLowerCase(), c]));
  const newClasses = new Map<string, string>();
  const seen = new Set<string>();

  for (const row of rows) {
    if (!row.email) row.errors.email = VALIDATION_KEYS.required;
    else if (!emailSchema.safeParse(row.email).success) row.errors.email = VALIDATION_KEYS.email;
    else if (seen.has(row.email)) row.errors.email = STUDENT_KEYS.rosterDuplicate;
    if (row.email) seen.add(row.email);
    const account = byEmail.get(row.email);
    if (account) {
      row.userId = account.id;
      if (account.scope !== 'user') row.errors.email ??= STUDENT_KEYS.rosterNotLearner;
      row.account = memberIds.has(account.id) ? 'member' : 'existing';
      if (!row.full_name) row.full_name = account.fullName;
    } else if (!row.full_name) row.errors.full_name = VALIDATION_KEYS.required;
    if (row.full_name.length > 120) row.errors.full_name = VALIDATION_KEYS.maxLength;
    if ((row.student_code?.length ?? 0) > 40) row.errors.student_code = VALIDATION_KEYS.maxLength;
    for (const name of row.classes) {
      if (name.length > 80) row.errors.class = VALIDATION_KEYS.maxLength;
      const known = classByName.get(name.toLowerCase());
      if (known?.archivedAt) row.errors.class = STUDENT_KEYS.classArchived;
      if (!known && !newClasses.has(name.toLowerCase())) newClasses.set(name.toLowerCase(), name);
    }
  }
  // Rows that would take a seat beyond the package's are refused by name before anything is saved.
  let seats = await seatsLeft(db, tenant.organizationId, now);
  for (const row of rows) {
    if (row.account === 'member' || Object.keys(row.errors).length > 0) continue;
    if (seats > 0) seats--;
    else row.errors.email = PACKAGE_KEYS.seatLimit;
  }
  const classIds = new Map(existingClasses.map((c) => [c.name.toLowerCase(), c.id]));
  return { rows, newClasses: [...newClasses.values()], classIds };
}

export async function previewRoster(
  db: Db,
  tenant: OrganizationTenant,
  source: SourceRow[],
  now: Date,
): Promise<RosterPreview> {
  const { rows, newClasses } = await check(db, tenant, source, now);
  const errorCount = rows.filter((r) => Object.keys(r.errors).length > 0).length;
  return {
    rows: rows.map(({ userId: _userId, ...row }) => row),
    valid_count: rows.length - errorCount,
    error_count: errorCount,
    new_classes: newClasses,
  };
}

/** Imports every row in one transaction, or nothing (422 naming `rows.N.column`). */
export async function importRoster(
  deps: DepsOf<'config' | 'db' | 'mail' | 'now'>,
  tenant: OrganizationTenant,
  inviterId: string,
  source: SourceRow[],
): Promise<RosterImportResult> {
  const { db } = deps;
  const now = deps.now();
  const locale = await localeOf(db, inviterId);
  const { result, mails } = await db.transaction(async (tx) => {
    const { rows, newClasses, classIds } = await check(tx, tenant, source, now);
    const errors: Record<string, string> = {};
    for (const row of rows) {
      for (const [column, key] of Object.entries(row.errors)) errors[`rows.${row.row}.${column}`] = key;
    }
    if (Object.keys(errors).length > 0) {
      throw new AppError(422, 'VALIDATION_FAILED', 'Some rows are not valid; nothing was imported', errors);
    }
    for (const name of newClasses) {
      const [created] = await tx
        .insert(classes)
        .values({ organizationId: tenant.organizationId, name })
        .returning({ id: classes.id });
      classIds.set(name.toLowerCase(), created!.id);
    }
    const outgoing: OutgoingMail[] = [];
    let attached = 0;
    let created = 0;
    for (const row of rows) {
      let userId = row.userId;
      if (!userId) {
        const [user] = await tx
          .insert(users)
          .values({ email: row.email, fullName: row.full_name, scope: 'user', passwordHash: null, locale })
          .returning({ id: users.id });
        userId = user!.id;
        created++;
        const { mail } = await createInvitation(tx, tenant, {
          email: row.email,
          classIds: [],
          invitedBy: inviterId,
          locale,
          publicUrl: deps.config.publicUrl,
          kind: 'import',
          now,
        });
        outgoing.push(mail);
      } else attached++;
      await attachStudent(tx, tenant, userId, 'import', now, {
        studentCode: row.student_code,
        classIds: row.classes.map((name) => classIds.get(name.toLowerCase())!),
      });
    }
    await claimInvitationMails(
      deps,
      tx,
      inviterId,
      outgoing.map((mail) => mail.to),
    );
    return {
      result: { attached, created, classes_created: newClasses.length },
      mails: outgoing,
    };
  });
  for (const mail of mails) await deps.mail.send(mail);
  return result;
}

const TEMPLATE_ROWS = [
  [...ROSTER_COLUMNS],
  ['an.nguyen@example.vn', 'Nguyễn Thị An', 'HV001', 'IELTS 6.5 - Sáng'],
  ['binh.tran@example.vn', 'Trần Văn Bình', 'HV002', 'IELTS 6.5 - Sáng; TOEIC 650'],
];

export function rosterTemplate(format: 'csv' | 'xlsx') {
  return format === 'csv'
    ? { bytes: writeCsv(TEMPLATE_ROWS), contentType: 'text/csv; charset=utf-8', filename: 'students.csv' }
    : {
        bytes: writeXlsx([{ name: 'Students', rows: TEMPLATE_ROWS, widths: [32, 28, 16, 36] }]),
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        filename: 'students.xlsx',
      };
}
