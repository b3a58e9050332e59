import { index, integer, jsonb, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownedBy, timestamptz, updatedAt } from './columns.ts';
import type { KybCompanyDetails } from '@rampart/shared/kyb';
import { organizations } from './accounts.ts';
import { users } from './identity.ts';

export const KYB_STATUSES = ['NotStarted', 'Pending', 'InProgress', 'OnHold', 'Approved', 'Rejected'] as const;

/** One business verification per organization (spec §1 KYB). */
export const kybApplications = pgTable(
  'kyb_applications',
  {
    id: id(),
    organizationId: ownedBy('organization_id', () => organizations.id),
    level: text('level', { enum: ['Basic', 'Enhanced'] })
      .notNull()
      .default('Basic'),
    status: text('status', { enum: KYB_STATUSES }).notNull().default('NotStarted'),
    reason: text('reason'),
    provider: text('provider', { enum: ['builtin', 'sumsub'] })
      .notNull()
      .default('builtin'),
    /** SumSub's id of the company applicant created for this application (its externalUserId is our id). */
    sumsubApplicantId: text('sumsub_applicant_id'),
    companyDetails: jsonb('company_details').$type<KybCompanyDetails | null>(),
    questionnaireVersion: integer('questionnaire_version').notNull().default(1),
    questionnaireAnswers: jsonb('questionnaire_answers').$type<Record<string, unknown>>().notNull().default({}),
    submittedAt: timestamptz('submitted_at'),
    decidedAt: timestamptz('decided_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('kyb_applications_organization_unique').on(table.organizationId),
    index('kyb_applications_status_idx').on(table.status, table.submittedAt),
  ],
);

/** Beneficial owners (25 % or more) and directors of the applying company. */
export const kybPeople = pgTable(
  'kyb_people',
  {
    id: id(),
    applicationId: ownedBy('application_id', () => kybApplications.id),
    role: text('role', { enum: ['beneficialOwner', 'director'] }).notNull(),
    fullName: text('full_name').notNull(),
    dateOfBirth: text('date_of_birth').notNull(),
    nationality: text('nationality').notNull(),
    countryOfResidence: text('country_of_residence').notNull(),
    ownershipPercentage: numeric('ownership_percentage', { precision: 7, scale: 4 }),
    position: integer('position').notNull(),
  },
  (table) => [index('kyb_people_application_idx').on(table.applicationId)],
);

/** Uploaded documents; the bytes live in the file storage under `storageKey` (random, never derived from the name). */
export const kybDocuments = pgTable(
  'kyb_documents',
  {
    id: id(),
    applicationId: ownedBy('application_id', () => kybApplications.id),
    type: text('type', { enum: ['certificateOfIncorporation', 'proofOfAddress', 'ownershipStructure', 'identityDocument'] }).notNull(),
    personId: uuid('person_id').references(() => kybPeople.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedByUserId: uuid('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamptz('uploaded_at').notNull().defaultNow(),
  },
  (table) => [index('kyb_documents_application_idx').on(table.applicationId)],
);

/** The history of an application: each submission and each staff decision. */
export const kybDecisions = pgTable(
  'kyb_decisions',
  {
    id: id(),
    applicationId: ownedBy('application_id', () => kybApplications.id),
    status: text('status', { enum: KYB_STATUSES }).notNull(),
    reason: text('reason'),
    decidedByUserId: uuid('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A partner's submission, or a staff decision (whose author partners do not see by name). */
    actor: text('actor', { enum: ['partner', 'staff'] }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('kyb_decisions_application_idx').on(table.applicationId, table.createdAt)],
);
