// Business verification (KYB): the forms the partner fills in, the questionnaire, and the rules both sides check.
import { z } from 'zod';
import Decimal from 'decimal.js';
import { isDecimalString } from './money.ts';
import { BUSINESS_INDUSTRIES, COUNTRY_CODES, EXPECTED_MONTHLY_VOLUMES } from './onboarding.ts';

export const KYB_STEP_KEYS = ['companyDetails', 'ownership', 'documents', 'questionnaire', 'review'] as const;
export type KybStepKey = (typeof KYB_STEP_KEYS)[number];

export const KYB_DOCUMENT_TYPES = ['certificateOfIncorporation', 'proofOfAddress', 'ownershipStructure', 'identityDocument'] as const;
export type KybDocumentType = (typeof KYB_DOCUMENT_TYPES)[number];
/** Documents of the company itself; each person also needs one identityDocument. */
export const COMPANY_DOCUMENT_TYPES = ['certificateOfIncorporation', 'proofOfAddress', 'ownershipStructure'] as const;

export const KYB_DOCUMENT_LABELS: Record<KybDocumentType, string> = {
  certificateOfIncorporation: 'certificate of incorporation',
  proofOfAddress: 'proof of address',
  ownershipStructure: 'ownership structure',
  identityDocument: 'identity document',
};

export const KYB_MAX_FILE_BYTES = 10 * 1024 * 1024;
export const KYB_ACCEPTED_CONTENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
/** Beneficial owners are everyone holding this share or more. */
export const BENEFICIAL_OWNER_THRESHOLD = '25';

const countrySchema = z.enum(COUNTRY_CODES as [string, ...string[]], { message: 'Choose a country from the list' });

/** A calendar date (YYYY-MM-DD) that exists, in the past. */
const pastDateSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'Enter a real date as YYYY-MM-DD')
  .refine((value) => new Date(`${value}T00:00:00Z`).getTime() <= Date.now(), 'The date cannot be in the future')
  .refine((value) => value >= '1850-01-01', 'The date is too far in the past');

export const kybCompanyDetailsSchema = z.object({
  legalName: z.string().trim().min(2, 'At least 2 characters').max(200, 'At most 200 characters'),
  registrationNumber: z.string().trim().min(1, 'Enter the registration number').max(100, 'At most 100 characters'),
  country: countrySchema,
  incorporationDate: pastDateSchema,
  registeredAddress: z.string().trim().min(5, 'Enter the full registered address').max(500, 'At most 500 characters'),
  industry: z.enum(BUSINESS_INDUSTRIES, { message: 'Choose an industry from the list' }),
  website: z
    .string()
    .trim()
    .max(2048, 'A URL has at most 2048 characters')
    .refine((value) => {
      try {
        return ['https:', 'http:'].includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, 'Enter a full URL starting with https://'),
});
export type KybCompanyDetails = z.infer<typeof kybCompanyDetailsSchema>;

const percentageSchema = z
  .string()
  .trim()
  .refine((value) => isDecimalString(value), 'Enter a percentage such as "25" or "33.5"')
  .refine((value) => !isDecimalString(value) || (new Decimal(value).gt(0) && new Decimal(value).lte(100)), 'A share is more than 0 and at most 100 percent')
  .refine((value) => !isDecimalString(value) || new Decimal(value).decimalPlaces() <= 4, 'At most 4 decimal places');

export const kybPersonSchema = z
  .object({
    id: z.uuid('Not a person of this application').nullish(),
    role: z.enum(['beneficialOwner', 'director'], { message: 'Choose beneficial owner or director' }),
    fullName: z.string().trim().min(2, 'Enter the full name').max(200, 'At most 200 characters'),
    dateOfBirth: pastDateSchema,
    nationality: countrySchema,
    countryOfResidence: countrySchema,
    ownershipPercentage: percentageSchema.nullish(),
  })
  .superRefine((person, ctx) => {
    if (person.role !== 'beneficialOwner') return;
    if (!person.ownershipPercentage) {
      ctx.addIssue({ code: 'custom', path: ['ownershipPercentage'], message: 'Enter the share a beneficial owner holds' });
    } else if (isDecimalString(person.ownershipPercentage) && new Decimal(person.ownershipPercentage).lt(BENEFICIAL_OWNER_THRESHOLD)) {
      ctx.addIssue({
        code: 'custom',
        path: ['ownershipPercentage'],
        message: 'A beneficial owner holds 25 % or more; list smaller shareholders only if they are directors',
      });
    }
  });
export type KybPersonInput = z.infer<typeof kybPersonSchema>;

export const kybPeopleSchema = z
  .array(kybPersonSchema)
  .max(50, 'At most 50 people')
  .superRefine((people, ctx) => {
    const total = people.reduce(
      (sum, person) => (person.ownershipPercentage && isDecimalString(person.ownershipPercentage) ? sum.plus(person.ownershipPercentage) : sum),
      new Decimal(0),
    );
    if (total.gt(100)) ctx.addIssue({ code: 'custom', path: [], message: `The shares add up to ${total.toString()} %, more than 100 %` });
  });

/** What the ownership step needs before submission. */
export function ownershipProblems(people: Array<{ role: string }>): string[] {
  const problems: string[] = [];
  if (!people.some((person) => person.role === 'director')) problems.push('at least one director');
  return problems;
}

export type KybQuestionType = 'text' | 'longText' | 'boolean' | 'singleChoice' | 'multiChoice' | 'countries';
export interface KybQuestion {
  key: string;
  label: string;
  help: string | null;
  type: KybQuestionType;
  required: boolean;
  options: string[] | null;
}

export const KYB_QUESTIONNAIRE_VERSION = 1;

/** Version 1 of the questionnaire; a new version gets a new list, answers keep the version they were given for. */
export const KYB_QUESTIONS: KybQuestion[] = [
  {
    key: 'businessModel',
    label: 'Describe your business model',
    help: 'What you sell, to whom, and how crypto fits in.',
    type: 'longText',
    required: true,
    options: null,
  },
  {
    key: 'licencesHeld',
    label: 'Which financial licences or registrations do you hold?',
    help: 'For example a VASP registration or an e-money licence; "None" if none.',
    type: 'text',
    required: true,
    options: null,
  },
  {
    key: 'sourceOfFunds',
    label: 'Where do your company’s funds come from?',
    help: null,
    type: 'singleChoice',
    required: true,
    options: ['Revenue from operations', 'Venture or equity investment', 'Founders’ own funds', 'Loans', 'Other'],
  },
  {
    key: 'expectedMonthlyVolume',
    label: 'Expected monthly volume through Rampart',
    help: null,
    type: 'singleChoice',
    required: true,
    options: [...EXPECTED_MONTHLY_VOLUMES],
  },
  { key: 'countriesServed', label: 'Countries where your customers live', help: null, type: 'countries', required: true, options: null },
  {
    key: 'sanctionsExposure',
    label: 'Do you have customers, owners or partners in sanctioned countries?',
    help: null,
    type: 'boolean',
    required: true,
    options: null,
  },
  { key: 'pepExposure', label: 'Is any owner or director a politically exposed person (PEP)?', help: null, type: 'boolean', required: true, options: null },
  {
    key: 'amlProgramme',
    label: 'Which parts of an AML programme do you run?',
    help: null,
    type: 'multiChoice',
    required: false,
    options: ['Customer due diligence', 'Transaction monitoring', 'Sanctions screening', 'A named compliance officer', 'Independent audits'],
  },
  { key: 'additionalInformation', label: 'Anything else our compliance team should know', help: null, type: 'longText', required: false, options: null },
];

function answerProblem(question: KybQuestion, value: unknown): string | null {
  switch (question.type) {
    case 'text':
    case 'longText': {
      if (typeof value !== 'string') return `${question.key}: answer with text`;
      const limit = question.type === 'text' ? 500 : 5000;
      if (value.length > limit) return `${question.key}: at most ${limit} characters`;
      return null;
    }
    case 'boolean':
      return typeof value === 'boolean' ? null : `${question.key}: answer yes or no (true or false)`;
    case 'singleChoice':
      return typeof value === 'string' && question.options!.includes(value) ? null : `${question.key}: choose one of ${question.options!.join(', ')}`;
    case 'multiChoice':
      return Array.isArray(value) && value.every((item) => typeof item === 'string' && question.options!.includes(item)) && new Set(value).size === value.length
        ? null
        : `${question.key}: choose any of ${question.options!.join(', ')}`;
    case 'countries':
      return Array.isArray(value) && value.length <= COUNTRY_CODES.length && value.every((item) => typeof item === 'string' && COUNTRY_CODES.includes(item))
        ? null
        : `${question.key}: list countries by their two-letter codes, such as GB or US`;
  }
}

/** An answer that counts as given: empty text or an empty list is the same as no answer. */
export function isAnswered(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim().length > 0;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/**
 * Checks a (partial) set of answers: every key must be a question and every given answer of the right kind.
 * Returns the problems keyed by question key (empty when fine). Null or empty answers clear a question.
 */
export function questionnaireAnswerProblems(answers: Record<string, unknown>): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [key, value] of Object.entries(answers)) {
    const question = KYB_QUESTIONS.find((candidate) => candidate.key === key);
    if (!question) {
      problems[key] = `${key}: not a question of this questionnaire`;
      continue;
    }
    if (value === null || (typeof value === 'string' && value.trim() === '')) continue;
    const problem = answerProblem(question, value);
    if (problem) problems[key] = problem;
  }
  return problems;
}

/** The keys of required questions without an answer. */
export function unansweredRequiredQuestions(answers: Record<string, unknown>): string[] {
  return KYB_QUESTIONS.filter((question) => question.required && !isAnswered(answers[question.key])).map((question) => question.key);
}
