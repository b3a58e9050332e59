import crypto from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { fileTypeFromBuffer } from 'file-type';
import {
  COMPANY_DOCUMENT_TYPES,
  KYB_ACCEPTED_CONTENT_TYPES,
  KYB_DOCUMENT_LABELS,
  KYB_DOCUMENT_TYPES,
  KYB_MAX_FILE_BYTES,
  KYB_QUESTIONNAIRE_VERSION,
  KYB_QUESTIONS,
  kybCompanyDetailsSchema,
  kybPeopleSchema,
  ownershipProblems,
  questionnaireAnswerProblems,
  unansweredRequiredQuestions,
  type KybDocumentType,
  type KybStepKey,
} from '@rampart/shared/kyb';
import type { Env } from '../../config/env.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { AppError, badInput, notFound } from '../../graphql/errors.ts';
import { parseInput } from '../../graphql/validate.ts';
import type { FileStorage } from '../../lib/file-storage.ts';
import { pick } from '../../lib/pick.ts';
import { UploadedFile } from '../../lib/graphql-uploads.ts';
import { FILE_NAME_BIDI_MESSAGE, hasBidiControls, hasFileNameControlCharacters, withoutFileNameControlCharacters } from '../../lib/text.ts';
import { emitWebhookEvent } from '../webhooks/outbox.ts';
import type { KybProvider } from './kyb.provider.ts';
import { sumSubEvent, verifySumSubDigest } from './kyb.provider.ts';
import type { KybApplicationRow, KybDocumentRow, KybPersonRow, KybRepository, KybShownStatus, KybStatus, OrganizationFacts } from './kyb.repository.ts';
import * as templates from './kyb.mail.ts';
import { fileLinkKey } from '../../lib/file-link-key.ts';
import { isUuid } from '../../lib/uuid.ts';

export type KybLevel = 'Basic' | 'Enhanced';
/** Who is looking: staff see reviewers' names, partners see "Rampart staff". */
export interface KybViewer {
  userId: string | null;
  isStaff: boolean;
}

/** What other modules (go-live) read about an account's verification. */
export interface KybStatusOfAccount {
  status: KybShownStatus;
  level: KybLevel;
  reason: string | null;
  country: string | null;
  industry: string | null;
  updatedAt: Date | null;
}

const STEP_TITLES: Record<KybStepKey, string> = {
  companyDetails: 'Company details',
  ownership: 'Owners and directors',
  documents: 'Documents',
  questionnaire: 'Questionnaire',
  review: 'Review',
};

/** Plenty for file-type to tell PDF, PNG and JPEG by their signatures (and any other type from its start, to name it). */
const TYPE_DETECTION_BYTES = 4100;
const EDITABLE: KybStatus[] = ['NotStarted', 'OnHold'];
const NOT_EDITABLE: Record<string, string> = {
  Pending: 'The application was submitted and waits for review; it cannot be changed now. If the reviewer needs changes, they will put it on hold.',
  InProgress: 'The application is being reviewed; it cannot be changed now. If the reviewer needs changes, they will put it on hold.',
  Approved: 'The business is verified; the application can no longer be changed.',
  Rejected: 'The application was rejected and can no longer be changed. Contact support if you think this is a mistake.',
};

/** Staff decisions allowed from each status; OnHold goes back to Pending only when the partner resubmits. */
const TRANSITIONS: Partial<Record<KybStatus, KybStatus[]>> = {
  Pending: ['InProgress', 'OnHold', 'Approved', 'Rejected'],
  InProgress: ['OnHold', 'Approved', 'Rejected'],
};

const NEXT_STEP: Record<KybShownStatus, string> = {
  NotStarted: 'Fill in the company details, owners and directors, documents and questionnaire, then submit the application.',
  Draft: 'Carry on where you left off: complete every step, then submit the application.',
  Pending: 'Nothing to do: the application waits for review. We e-mail the administrators when it moves on.',
  InProgress: 'Nothing to do: our compliance team is reviewing the application.',
  OnHold: 'Fix what the reason describes, then submit the application again.',
  Approved: 'Your business is verified: you can create live API keys and request go-live.',
  Rejected: 'The application was rejected. Contact support if you think this is a mistake.',
};

/** With SumSub configured the partner acts in its WebSDK, not in Rampart's steps. */
const SUMSUB_NEXT_STEP: Partial<Record<KybShownStatus, string>> = {
  NotStarted: 'Open SumSub’s verification form below: it asks for the company’s details, its owners and directors, and their documents.',
  Draft: 'Carry on in SumSub’s verification form below, then send it.',
  Pending: 'Nothing to do: SumSub is reviewing the application. We e-mail the administrators when it moves on.',
  InProgress: 'Nothing to do: SumSub’s compliance team is looking at the application.',
  OnHold: 'Fix what the reason describes in SumSub’s verification form below, then send it again.',
};

const ACCEPTED_EXTENSIONS: Record<(typeof KYB_ACCEPTED_CONTENT_TYPES)[number], { name: string; extensions: string[] }> = {
  'application/pdf': { name: 'a PDF', extensions: ['pdf'] },
  'image/png': { name: 'a PNG image', extensions: ['png'] },
  'image/jpeg': { name: 'a JPEG image', extensions: ['jpg', 'jpeg'] },
};

/** The extension a name ends in: a dot and up to 10 letters or digits, one at least a letter ("Acme Ltd. March 2024.05" has none). */
function extensionOf(name: string): string | null {
  const extension = /\.([a-z0-9]{1,10})$/i.exec(name)?.[1];
  return extension && /[a-z]/i.test(extension) ? extension.toLowerCase() : null;
}

/** Why a declared file name is refused, or null. The name is refused rather than repaired, so what is stored is what the partner chose. */
export function fileNameProblem(declared: string): string | null {
  if (/[/\\]/.test(declared) || declared.trim() === '..') return "The file name may not contain folders or '..': rename the file and upload it again.";
  if (hasFileNameControlCharacters(declared))
    return 'The file name contains control characters (such as a tab or a line break): rename the file and upload it again.';
  if (hasBidiControls(declared)) return FILE_NAME_BIDI_MESSAGE;
  return null;
}

/** The name to show and to send back in Content-Disposition: the declared one with risky characters replaced, ending in its content's extension. */
export function safeFileName(declared: string, contentType: (typeof KYB_ACCEPTED_CONTENT_TYPES)[number]): string {
  const withoutControl = withoutFileNameControlCharacters(declared).normalize('NFC');
  const base = path.posix.basename(withoutControl.replace(/\\/g, '/'));
  const own = extensionOf(base);
  const extension = own && ACCEPTED_EXTENSIONS[contentType].extensions.includes(own) ? own : ACCEPTED_EXTENSIONS[contentType].extensions[0]!;
  const stem =
    (own ? base.slice(0, -own.length - 1) : base)
      .replace(/^\.+/, '')
      .replace(/["<>|:*?]/g, '_')
      .trim()
      .slice(0, 150) || 'document';
  return `${stem}.${extension}`;
}

const reviewInputSchema = z.object({
  status: z.enum(['InProgress', 'OnHold', 'Approved', 'Rejected'], { message: 'Choose InProgress, OnHold, Approved or Rejected' }),
  reason: z.string().trim().max(2000, 'At most 2000 characters').nullish(),
});

const queueSchema = z.object({
  status: z.array(z.enum(['NotStarted', 'Draft', 'Pending', 'InProgress', 'OnHold', 'Approved', 'Rejected'])).nullish(),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'A two-letter country code such as GB')
    .nullish(),
  product: z.string().trim().max(50, 'At most 50 characters').nullish(),
  submittedBefore: z.string().nullish(),
  search: z.string().trim().max(200, 'At most 200 characters').nullish(),
  skip: z.number().int().min(0, 'At least 0').max(100_000, 'At most 100000').nullish(),
  take: z.number().int().min(1, 'At least 1').max(100, 'At most 100').nullish(),
});

/** A NotStarted application the partner has saved anything of is a Draft: "In progress" until submitted. */
function shownStatus(application: KybApplicationRow, savedAnything: boolean): KybShownStatus {
  return application.status === 'NotStarted' && savedAnything ? 'Draft' : application.status;
}

/** Until the company details are saved, the form starts from what onboarding asked (and only that). */
function companyDetailsFromOnboarding(application: KybApplicationRow, facts: OrganizationFacts) {
  const onboarding = facts.onboardingDetails;
  if (application.companyDetails || !onboarding) return null;
  return {
    legalName: onboarding.legalName,
    registrationNumber: onboarding.registrationNumber || null,
    country: onboarding.country,
    industry: onboarding.industry,
    website: onboarding.websiteUrls[0] ?? null,
  };
}

export function createKybService(deps: { repository: KybRepository; storage: FileStorage; provider: KybProvider; mailer: Mailer; config: Env }) {
  const { repository, storage, provider, mailer, config } = deps;
  const linkSecret = fileLinkKey(config);

  function levelFor(facts: OrganizationFacts, current?: KybLevel): KybLevel {
    return current === 'Enhanced' || facts.requiresEnhancedKyb ? 'Enhanced' : 'Basic';
  }

  async function factsOfAccount(accountId: string): Promise<OrganizationFacts> {
    const organizationId = await repository.organizationOfAccount(accountId);
    const facts = organizationId ? await repository.organizationFacts(organizationId) : null;
    if (!facts) throw notFound('This account');
    return facts;
  }

  async function applicationOfAccount(accountId: string): Promise<{ facts: OrganizationFacts; application: KybApplicationRow }> {
    const facts = await factsOfAccount(accountId);
    let application = await repository.ensureApplication(facts.organizationId, levelFor(facts));
    // The provider may require more later (whiteGloveInformation.requiresEnhancedKyb) while the partner can still act on it.
    if (application.level === 'Basic' && facts.requiresEnhancedKyb && EDITABLE.includes(application.status)) {
      application = await repository.updateApplication(application.id, { level: 'Enhanced' });
    }
    return { facts, application };
  }

  /** The status as shown, reading whether anything is saved only when that decides it. */
  async function statusOf(application: KybApplicationRow): Promise<KybShownStatus> {
    return shownStatus(application, application.status === 'NotStarted' && (await repository.savedAnything(application.id)));
  }

  function assertEditable(application: KybApplicationRow) {
    if (!EDITABLE.includes(application.status)) throw new AppError('CONFLICT', NOT_EDITABLE[application.status]!);
  }

  function requiredDocuments(people: KybPersonRow[]): Array<{ type: KybDocumentType; personId: string | null; label: string }> {
    return [
      ...COMPANY_DOCUMENT_TYPES.map((type) => ({ type, personId: null, label: KYB_DOCUMENT_LABELS[type] })),
      ...people.map((person) => ({ type: 'identityDocument' as const, personId: person.id, label: `identity document of ${person.fullName}` })),
    ];
  }

  /** What is missing before the application can be submitted, per step (empty when complete). */
  function missingOf(application: KybApplicationRow, people: KybPersonRow[], documents: KybDocumentRow[]): Partial<Record<KybStepKey, string[]>> {
    const missing: Partial<Record<KybStepKey, string[]>> = {};
    if (!application.companyDetails) missing.companyDetails = ['the company details'];
    const ownership = ownershipProblems(people);
    if (ownership.length) missing.ownership = ownership;
    const documentsMissing = requiredDocuments(people)
      .filter(
        (required) => !documents.some((document) => document.type === required.type && (required.personId === null || document.personId === required.personId)),
      )
      .map((required) => required.label);
    if (documentsMissing.length) missing.documents = documentsMissing;
    const unanswered = unansweredRequiredQuestions(application.questionnaireAnswers);
    if (unanswered.length) missing.questionnaire = unanswered.map((key) => `an answer to ${key}`);
    return missing;
  }

  async function steps(application: KybApplicationRow) {
    const [people, documents] = await Promise.all([repository.peopleOf(application.id), repository.documentsOf(application.id)]);
    const missing = missingOf(application, people, documents);
    const onHold = application.status === 'OnHold';
    const partState = (key: KybStepKey, started: boolean) => {
      const gaps = missing[key];
      if (!gaps) return { state: 'completed' as const, message: null };
      return {
        state: started ? (onHold ? ('actionRequired' as const) : ('inProgress' as const)) : onHold ? ('actionRequired' as const) : ('notStarted' as const),
        message: `Missing: ${gaps.join(', ')}.`,
      };
    };
    const review = ((): { state: 'notStarted' | 'inProgress' | 'completed' | 'actionRequired'; message: string | null } => {
      switch (application.status) {
        case 'NotStarted':
          return { state: 'notStarted', message: null };
        case 'Pending':
        case 'InProgress':
          return { state: 'inProgress', message: null };
        case 'Approved':
          return { state: 'completed', message: null };
        case 'OnHold':
          return { state: 'actionRequired', message: application.reason };
        case 'Rejected':
          return { state: 'actionRequired', message: application.reason ? `Rejected: ${application.reason}` : 'Rejected.' };
      }
    })();
    const list = [
      { key: 'companyDetails' as const, ...partState('companyDetails', false) },
      { key: 'ownership' as const, ...partState('ownership', people.length > 0) },
      { key: 'documents' as const, ...partState('documents', documents.length > 0) },
      { key: 'questionnaire' as const, ...partState('questionnaire', Object.keys(application.questionnaireAnswers).length > 0) },
      { key: 'review' as const, ...review },
    ];
    return list.map((step) => ({ ...step, title: STEP_TITLES[step.key] }));
  }

  function questionnaireView(application: KybApplicationRow) {
    return {
      version: application.questionnaireVersion,
      questions: KYB_QUESTIONS,
      answersJson: JSON.stringify(application.questionnaireAnswers),
      submittedAt: application.submittedAt,
    };
  }

  async function view(application: KybApplicationRow, viewer: KybViewer, known?: OrganizationFacts) {
    const facts = known ?? (await repository.organizationFacts(application.organizationId))!;
    const [people, documents, decisions] = await Promise.all([
      repository.peopleOf(application.id),
      repository.documentsOf(application.id),
      repository.decisionsOf(application.id),
    ]);
    return {
      id: application.id,
      organizationId: application.organizationId,
      organizationName: facts.organizationName,
      country: application.companyDetails?.country ?? facts.onboardingCountry,
      industry: application.companyDetails?.industry ?? facts.onboardingIndustry,
      level: application.level,
      status: shownStatus(
        application,
        Boolean(application.companyDetails) || Object.keys(application.questionnaireAnswers).length > 0 || people.length > 0 || documents.length > 0,
      ),
      reason: application.reason,
      provider: provider.name === 'sumsub' ? 'SumSub' : 'Rampart',
      companyDetails: application.companyDetails,
      companyDetailsFromOnboarding: companyDetailsFromOnboarding(application, facts),
      people: people.map((person) => ({
        ...person,
        ownershipPercentage: person.ownershipPercentage === null ? null : trimDecimal(person.ownershipPercentage),
      })),
      documents: documents.map(documentView),
      questionnaire: questionnaireView(application),
      submittedAt: application.submittedAt,
      decidedAt: application.decidedAt,
      createdAt: application.createdAt,
      updatedAt: application.updatedAt,
      productInterests: facts.productInterests,
      decisions: decisions.map((decision) => ({
        id: decision.id,
        status: decision.status,
        reason: decision.reason,
        decidedByName: decision.actor === 'partner' || viewer.isStaff ? decision.decidedByName : 'Rampart staff',
        createdAt: decision.createdAt,
      })),
    };
  }

  function documentView(document: KybDocumentRow) {
    return pick(document, 'id', 'type', 'personId', 'fileName', 'contentType', 'sizeBytes', 'uploadedAt');
  }

  function signLink(documentId: string, expires: number): string {
    return crypto.createHmac('sha256', linkSecret).update(`kyb-document:${documentId}:${expires}`).digest('base64url');
  }

  async function notifyAdministrators(organizationId: string, organizationName: string, status: Exclude<KybStatus, 'NotStarted'>, reason: string | null) {
    const url = new URL('/dashboard/on-ramp/kyb', config.PUBLIC_URL).toString();
    for (const to of await repository.administratorEmails(organizationId)) {
      await mailer.send(templates.reviewStatusChanged({ to, organizationName, status, reason, url }));
    }
  }

  /** Applies a decision (staff, or the provider's webhook) in one transaction with its history and webhooks. */
  async function decide(
    applicationId: string,
    input: { status: Exclude<KybStatus, 'NotStarted' | 'Pending'>; reason: string | null; decidedByUserId: string | null; source: 'staff' | 'provider' },
  ) {
    const decided = await repository.transaction(async (tx) => {
      const application = await repository.findApplication(applicationId, tx, true);
      if (!application) throw badInput({ applicationId: 'No such application.' });
      // The provider's review happens in its own widget, so its verdict may arrive before a submission here.
      const allowed =
        input.source === 'provider' && application.status !== 'Approved' && application.status !== 'Rejected'
          ? (['InProgress', 'OnHold', 'Approved', 'Rejected'] as const).filter((status) => status !== application.status)
          : (TRANSITIONS[application.status] ?? []);
      if (!allowed.includes(input.status)) {
        const from = application.status === 'NotStarted' ? 'an application that was never submitted' : `an application that is ${application.status}`;
        throw new AppError('CONFLICT', `${input.status} is not a decision for ${from}${allowed.length ? `; it can become ${allowed.join(', ')}` : ''}.`);
      }
      const isFinal = input.status !== 'InProgress';
      const updated = await repository.updateApplication(
        application.id,
        { status: input.status, reason: input.reason, ...(isFinal ? { decidedAt: new Date() } : {}) },
        tx,
      );
      await repository.insertDecision(
        { applicationId: application.id, status: input.status, reason: input.reason, decidedByUserId: input.decidedByUserId, actor: 'staff' },
        tx,
      );
      const accountRows = await repository.accountsOfOrganization(application.organizationId, tx);
      if (input.status === 'Approved') {
        for (const account of accountRows) {
          await repository.updateAccount(
            account.id,
            {
              isVerified: true,
              // The level reached is the check the account passed; what go-live requires stays as the provider set it.
              kybInformation: {
                ...account.kybInformation,
                country: application.companyDetails?.country ?? account.kybInformation.country,
                requiredKybCheck: application.level,
                isEnhancedKybRequired: account.kybInformation.isEnhancedKybRequired,
              },
            },
            tx,
          );
        }
      }
      for (const account of accountRows) {
        const data = {
          accountId: account.id,
          organizationId: application.organizationId,
          applicationId: application.id,
          status: input.status,
          level: application.level,
          reason: input.reason,
          isVerified: input.status === 'Approved' ? true : account.isVerified,
        };
        for (const liveMode of [false, true]) {
          await emitWebhookEvent(tx, { accountId: account.id, liveMode, type: 'account_reviewed', data });
          await emitWebhookEvent(tx, {
            accountId: account.id,
            liveMode,
            type: 'business_identity_updated',
            data: {
              accountId: account.id,
              organizationId: application.organizationId,
              status: input.status,
              level: application.level,
              country: application.companyDetails?.country ?? null,
              legalName: application.companyDetails?.legalName ?? null,
            },
          });
        }
      }
      return updated;
    });
    const facts = (await repository.organizationFacts(decided.organizationId))!;
    await notifyAdministrators(decided.organizationId, facts.organizationName, input.status, input.reason);
    return decided;
  }

  /** With SumSub configured, the organization's company applicant there: created once with what Rampart knows of the company. */
  async function ensureSumSubApplicant(application: KybApplicationRow, facts: OrganizationFacts): Promise<KybApplicationRow> {
    if (provider.name !== 'sumsub' || application.sumsubApplicantId) return application;
    const details = application.companyDetails;
    const onboarding = facts.onboardingDetails;
    const applicantId = await provider.createCompanyApplicant(application.id, {
      companyName: details?.legalName ?? onboarding?.legalName ?? facts.organizationName,
      registrationNumber: details?.registrationNumber ?? onboarding?.registrationNumber ?? null,
      country: details?.country ?? onboarding?.country ?? null,
      incorporatedOn: details?.incorporationDate ?? null,
      legalAddress: details?.registeredAddress ?? null,
      website: details?.website ?? onboarding?.websiteUrls[0] ?? null,
    });
    return repository.updateApplication(application.id, {
      sumsubApplicantId: applicantId,
      ...(EDITABLE.includes(application.status) ? { provider: provider.name } : {}),
    });
  }

  /** SumSub's applicantPending: the partner submitted in the WebSDK, which is our submission. */
  async function providerSubmitted(applicationId: string): Promise<{ status: number; message: string }> {
    const submitted = await repository.transaction(async (tx) => {
      const current = (await repository.findApplication(applicationId, tx, true))!;
      if (!EDITABLE.includes(current.status)) return null;
      const row = await repository.updateApplication(current.id, { status: 'Pending', reason: null, submittedAt: new Date(), decidedAt: null }, tx);
      await repository.insertDecision({ applicationId: current.id, status: 'Pending', reason: null, decidedByUserId: null, actor: 'partner' }, tx);
      return row;
    });
    if (!submitted) return { status: 200, message: 'Already submitted; nothing changed.' };
    const facts = (await repository.organizationFacts(submitted.organizationId))!;
    await notifyAdministrators(submitted.organizationId, facts.organizationName, 'Pending', null);
    return { status: 200, message: 'Applied.' };
  }

  return {
    /** For go-live: where the account's organization stands, with the country and industry it declared. */
    async statusOfAccount(accountId: string): Promise<KybStatusOfAccount> {
      const facts = await factsOfAccount(accountId);
      const application = await repository.findApplicationOfOrganization(facts.organizationId);
      return {
        status: application ? await statusOf(application) : 'NotStarted',
        level: application?.level ?? levelFor(facts),
        reason: application?.reason ?? null,
        country: application?.companyDetails?.country ?? facts.onboardingCountry,
        industry: application?.companyDetails?.industry ?? facts.onboardingIndustry,
        updatedAt: application?.updatedAt ?? null,
      };
    },

    /** The organization of an account-scoped entity's access check: its first account (the oldest). */
    accountOfOrganization: (organizationId: string) => repository.firstAccountOfOrganization(organizationId),
    async accountOfDocument(documentId: string) {
      const organizationId = await repository.organizationOfDocument(documentId);
      return organizationId ? repository.firstAccountOfOrganization(organizationId) : null;
    },

    async verificationSteps(organizationId: string) {
      const facts = await repository.organizationFacts(organizationId);
      if (!facts) throw notFound('This organization');
      return steps(await repository.ensureApplication(organizationId, levelFor(facts)));
    },

    async application(accountId: string, viewer: KybViewer) {
      const { facts, application } = await applicationOfAccount(accountId);
      return view(application, viewer, facts);
    },

    async questionnaire(accountId: string) {
      return questionnaireView((await applicationOfAccount(accountId)).application);
    },

    async reviewStatus(accountId: string) {
      const { application } = await applicationOfAccount(accountId);
      const status = await statusOf(application);
      return {
        status,
        level: application.level,
        reason: application.reason,
        nextStep: (provider.name === 'sumsub' ? SUMSUB_NEXT_STEP[status] : undefined) ?? NEXT_STEP[status],
        updatedAt: application.updatedAt,
      };
    },

    async initiate(accountId: string, product: string | null | undefined, viewer: KybViewer) {
      const { facts, application } = await applicationOfAccount(accountId);
      if (product !== null && product !== undefined && !['OnRamp', 'OffRamp', 'Swaps'].includes(product))
        throw badInput({ product: 'Choose OnRamp, OffRamp or Swaps.' });
      let current = application;
      if (product === 'OffRamp' && current.level === 'Basic') {
        assertEditable(current);
        current = await repository.updateApplication(current.id, { level: 'Enhanced' });
      }
      if (current.provider !== provider.name && EDITABLE.includes(current.status))
        current = await repository.updateApplication(current.id, { provider: provider.name });
      current = await ensureSumSubApplicant(current, facts);
      return view(current, viewer, facts);
    },

    async saveCompanyDetails(accountId: string, input: unknown, viewer: KybViewer) {
      const details = parseInput(kybCompanyDetailsSchema, input);
      const { facts, application } = await applicationOfAccount(accountId);
      assertEditable(application);
      return view(await repository.updateApplication(application.id, { companyDetails: details }), viewer, facts);
    },

    /** Replaces the list; a person keeps their id (and identity document) when given back by id, or by the same name and birth date. */
    async savePeople(accountId: string, input: unknown, viewer: KybViewer) {
      const people = parseInput(kybPeopleSchema, input);
      const { facts, application } = await applicationOfAccount(accountId);
      assertEditable(application);
      const removedKeys = await repository.transaction(async (tx) => {
        const existing = await repository.peopleOf(application.id, tx);
        const kept = new Set<string>();
        const matches = people.map((person, index) => {
          const match = person.id
            ? existing.find((candidate) => candidate.id === person.id)
            : existing.find((candidate) => !kept.has(candidate.id) && candidate.fullName === person.fullName && candidate.dateOfBirth === person.dateOfBirth);
          if (person.id && !match) throw badInput({ [`people.${index}.id`]: 'Not a person of this application.' });
          if (match) {
            if (kept.has(match.id)) throw badInput({ [`people.${index}.id`]: 'This person is listed twice.' });
            kept.add(match.id);
          }
          return match ?? null;
        });
        const removed = existing.filter((person) => !kept.has(person.id));
        const removedDocuments = await repository.documentsOfPeople(
          removed.map((person) => person.id),
          tx,
        );
        await repository.deletePeople(
          removed.map((person) => person.id),
          tx,
        );
        for (const [index, person] of people.entries()) {
          const values = {
            role: person.role,
            fullName: person.fullName,
            dateOfBirth: person.dateOfBirth,
            nationality: person.nationality,
            countryOfResidence: person.countryOfResidence,
            ownershipPercentage: person.ownershipPercentage ?? null,
            position: index,
          };
          const match = matches[index];
          if (match) await repository.updatePerson(match.id, values, tx);
          else await repository.insertPerson({ applicationId: application.id, ...values }, tx);
        }
        await repository.updateApplication(application.id, {}, tx);
        return removedDocuments.map((document) => document.storageKey);
      });
      // The rows are gone with the people; their files follow once that committed.
      for (const key of removedKeys) await storage.delete(key);
      return view((await repository.findApplication(application.id))!, viewer, facts);
    },

    async uploadDocument(accountId: string, input: { type: string; personId?: string | null; file: unknown }, userId: string | null) {
      if (!(KYB_DOCUMENT_TYPES as readonly string[]).includes(input.type)) throw badInput({ type: 'Choose a document type.' });
      if (!(input.file instanceof UploadedFile)) throw badInput({ file: 'Send the file as a GraphQL multipart request (operations, map and the file).' });
      const file = input.file;
      const { application } = await applicationOfAccount(accountId);
      assertEditable(application);
      const type = input.type as KybDocumentType;
      let personId: string | null = null;
      if (type === 'identityDocument') {
        if (!input.personId) throw badInput({ personId: 'Choose whose identity document this is.' });
        const people = await repository.peopleOf(application.id);
        if (!people.some((person) => person.id === input.personId)) throw badInput({ personId: 'Not an owner or director of this application.' });
        personId = input.personId;
      } else if (input.personId) {
        throw badInput({ personId: 'Only identity documents belong to a person.' });
      }
      const declaredName = file.declaredFileName;
      if (declaredName === null)
        throw badInput({ file: 'The file name could not be read from the request: send the file with its name, after operations and map.' });
      const nameProblem = fileNameProblem(declaredName);
      if (nameProblem) throw badInput({ file: nameProblem });
      if (file.isOverLimit) throw badInput({ file: `The file is too large: a document is at most ${KYB_MAX_FILE_BYTES / 1024 / 1024} MB.` });
      if (file.sizeBytes === 0) throw badInput({ file: 'The file is empty.' });
      // PDF, PNG and JPEG are told by their first bytes; given the whole file, file-type would also inflate a gzip's
      // content to look for a tar inside: 400 ms of the event loop for a 4 MB gzip of zeros (issue 32).
      const detected = await fileTypeFromBuffer(file.bytes.subarray(0, TYPE_DETECTION_BYTES));
      const contentType = detected?.mime as (typeof KYB_ACCEPTED_CONTENT_TYPES)[number] | undefined;
      if (!contentType || !KYB_ACCEPTED_CONTENT_TYPES.includes(contentType)) {
        throw badInput({ file: 'This file is not a PDF, PNG or JPEG (checked by its content, not its name).' });
      }
      const extension = extensionOf(declaredName);
      const { name: kind, extensions } = ACCEPTED_EXTENSIONS[contentType];
      if (extension && !extensions.includes(extension)) {
        throw badInput({ file: `This file is ${kind}, but its name ends in .${extension}. Rename it to .${extensions[0]} and upload it again.` });
      }
      const fileName = safeFileName(declaredName, contentType);
      const storageKey = await storage.put(file.bytes, contentType);
      try {
        const document = await repository.transaction(async (tx) => {
          const current = await repository.findApplication(application.id, tx, true);
          assertEditable(current!);
          const row = await repository.insertDocument(
            { applicationId: application.id, type, personId, storageKey, fileName, contentType, sizeBytes: file.sizeBytes, uploadedByUserId: userId },
            tx,
          );
          await repository.updateApplication(application.id, {}, tx);
          return row;
        });
        return documentView(document);
      } catch (error) {
        await storage.delete(storageKey);
        throw error;
      }
    },

    async deleteDocument(documentId: string) {
      const document = await repository.findDocument(documentId);
      if (!document) throw badInput({ id: 'This document no longer exists.' });
      const application = (await repository.findApplication(document.applicationId))!;
      assertEditable(application);
      await repository.deleteDocument(document.id);
      await storage.delete(document.storageKey);
      return true;
    },

    async saveQuestionnaire(accountId: string, answersJson: string) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(answersJson);
      } catch {
        throw badInput({ answersJson: 'The answers are not valid JSON.' });
      }
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
        throw badInput({ answersJson: 'The answers are a JSON object keyed by question key.' });
      const problems = questionnaireAnswerProblems(parsed as Record<string, unknown>);
      if (Object.keys(problems).length) throw badInput(problems, Object.values(problems).join('; '));
      const { application } = await applicationOfAccount(accountId);
      assertEditable(application);
      const merged: Record<string, unknown> = { ...application.questionnaireAnswers };
      for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
        if (value === null || (typeof value === 'string' && value.trim() === '')) delete merged[key];
        else merged[key] = typeof value === 'string' ? value.trim() : value;
      }
      return questionnaireView(
        await repository.updateApplication(application.id, { questionnaireAnswers: merged, questionnaireVersion: KYB_QUESTIONNAIRE_VERSION }),
      );
    },

    async submit(accountId: string, viewer: KybViewer) {
      const { facts, application } = await applicationOfAccount(accountId);
      assertEditable(application);
      const [people, documents] = await Promise.all([repository.peopleOf(application.id), repository.documentsOf(application.id)]);
      const missing = missingOf(application, people, documents);
      if (Object.keys(missing).length) {
        const fields = Object.fromEntries(Object.entries(missing).map(([step, gaps]) => [step, `Missing ${gaps.join(', ')}.`]));
        throw badInput(fields, `The application is not complete. Missing: ${Object.values(missing).flat().join('; ')}.`);
      }
      const submitted = await repository.transaction(async (tx) => {
        const current = (await repository.findApplication(application.id, tx, true))!;
        assertEditable(current);
        const row = await repository.updateApplication(application.id, { status: 'Pending', reason: null, submittedAt: new Date(), decidedAt: null }, tx);
        await repository.insertDecision(
          { applicationId: application.id, status: 'Pending', reason: null, decidedByUserId: viewer.userId, actor: 'partner' },
          tx,
        );
        return row;
      });
      await notifyAdministrators(facts.organizationId, facts.organizationName, 'Pending', null);
      return view(submitted, viewer, facts);
    },

    /** A WebSDK token for the organization's applicant (created first if need be); the WebSDK asks again when one expires. */
    async sdkAccessToken(accountId: string) {
      const { facts, application } = await applicationOfAccount(accountId);
      await ensureSumSubApplicant(application, facts);
      return provider.sdkAccessToken(application.id);
    },

    async documentLink(documentId: string) {
      const expires = Math.floor(Date.now() / 1000) + config.FILE_LINK_TTL_SECONDS;
      const document = await repository.findDocument(documentId);
      if (!document) throw badInput({ id: 'This document no longer exists.' });
      return { url: `/files/kyb/${document.id}?expires=${expires}&sig=${signLink(document.id, expires)}`, expiresAt: new Date(expires * 1000) };
    },

    /** The file behind a signed link: 403 for a bad, expired or foreign signature, 404 once the document is deleted. */
    async openDocumentLink(
      documentId: string,
      expires: unknown,
      signature: unknown,
    ): Promise<{ status: 403 | 404 } | { status: 200; document: KybDocumentRow; bytes: Buffer }> {
      if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof signature !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(signature))
        return { status: 403 };
      if (!isUuid(documentId)) return { status: 403 };
      const expected = Buffer.from(signLink(documentId, Number(expires)));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return { status: 403 };
      if (Number(expires) * 1000 < Date.now()) return { status: 403 };
      const document = await repository.findDocument(documentId);
      if (!document) return { status: 404 };
      const bytes = await storage.get(document.storageKey);
      if (!bytes) return { status: 404 };
      return { status: 200, document, bytes };
    },

    async queue(args: Record<string, unknown>, viewer: KybViewer) {
      const input = parseInput(queueSchema, args);
      let submittedBefore: Date | null = null;
      if (input.submittedBefore) {
        submittedBefore = new Date(input.submittedBefore);
        if (Number.isNaN(submittedBefore.getTime())) throw badInput({ submittedBefore: 'Not a date.' });
      }
      const { rows, totalCount } = await repository.queue({
        statuses: input.status ?? null,
        country: input.country ?? null,
        product: input.product || null,
        submittedBefore,
        search: input.search || null,
        skip: input.skip ?? 0,
        take: input.take ?? 25,
      });
      return { items: await Promise.all(rows.map((row) => view(row, viewer))), totalCount };
    },

    async applicationForReview(id: string, viewer: KybViewer) {
      const application = z.uuid().safeParse(id).success ? await repository.findApplication(id) : null;
      if (!application) throw notFound('This application');
      return view(application, viewer);
    },

    async updateReview(input: { applicationId: string; status: string; reason?: string | null }, viewer: KybViewer) {
      if (!z.uuid().safeParse(input.applicationId).success) throw badInput({ applicationId: 'No such application.' });
      const parsed = parseInput(reviewInputSchema, { status: input.status, reason: input.reason });
      const reason = parsed.reason || null;
      if ((parsed.status === 'OnHold' || parsed.status === 'Rejected') && !reason) {
        throw badInput({
          reason: `Give a reason with ${parsed.status}: the partner sees it${parsed.status === 'OnHold' ? ' and fixes what it describes' : ''}.`,
        });
      }
      const decided = await decide(input.applicationId, { status: parsed.status, reason, decidedByUserId: viewer.userId, source: 'staff' });
      return view(decided, viewer);
    },

    /** SumSub's applicantPending, applicantOnHold and applicantReviewed webhooks: 401 with a bad digest, changing nothing. */
    async handleSumSubWebhook(rawBody: Buffer, headers: { digest?: string; algorithm?: string }): Promise<{ status: number; message: string }> {
      if (!config.SUMSUB_WEBHOOK_SECRET) return { status: 404, message: 'SumSub is not configured.' };
      if (!verifySumSubDigest(config.SUMSUB_WEBHOOK_SECRET, rawBody, headers.digest, headers.algorithm))
        return { status: 401, message: 'The payload digest does not match.' };
      let payload: unknown;
      try {
        payload = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return { status: 400, message: 'The body is not JSON.' };
      }
      const decision = sumSubEvent(payload);
      if (!decision) return { status: 200, message: 'Ignored.' };
      const application = z.uuid().safeParse(decision.applicationId).success ? await repository.findApplication(decision.applicationId) : null;
      // Once an applicant id is stored, events of any other applicant with our id (one deleted at SumSub) change nothing.
      if (!application || (application.sumsubApplicantId && decision.applicantId !== application.sumsubApplicantId))
        return { status: 200, message: 'Unknown applicant; ignored.' };
      if (decision.status === 'Pending') return providerSubmitted(application.id);
      try {
        await decide(decision.applicationId, { status: decision.status, reason: decision.reason, decidedByUserId: null, source: 'provider' });
      } catch (error) {
        // A repeated delivery of a decision already applied changes nothing and is acknowledged.
        if (error instanceof AppError && error.code === 'CONFLICT') return { status: 200, message: error.message };
        throw error;
      }
      return { status: 200, message: 'Applied.' };
    },
  };
}

function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}

export type KybService = ReturnType<typeof createKybService>;
