import { COUNTRY_CODES } from '@rampart/shared/onboarding';
import type { KybQuestion } from '@/gql/graphql';
import { formatCountry } from '@/lib/format';

export type Answer = string | boolean | string[];
export type Answers = Record<string, Answer>;
export type QuestionDefinition = Pick<KybQuestion, 'key' | 'label' | 'help' | 'type' | 'required' | 'options'>;

const TEXT_LIMIT: Record<string, number> = { text: 500, longText: 5000 };

/** The saved answers; a blank or damaged value is no answers rather than a crash. */
export function parseAnswers(json: string | null | undefined): Answers {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Answers) : {};
  } catch {
    return {};
  }
}

export function isAnswered(value: Answer | null | undefined): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim().length > 0;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

function formatProblem(question: QuestionDefinition, value: Answer): string | null {
  const options = question.options ?? [];
  switch (question.type) {
    case 'text':
    case 'longText': {
      if (typeof value !== 'string') return 'Answer with text';
      const limit = TEXT_LIMIT[question.type]!;
      return value.trim().length > limit ? `At most ${limit} characters (now ${value.trim().length})` : null;
    }
    case 'boolean':
      return typeof value === 'boolean' ? null : 'Answer yes or no';
    case 'singleChoice':
      return typeof value === 'string' && options.includes(value) ? null : 'Choose one of the options';
    case 'multiChoice':
      return Array.isArray(value) && value.every((item) => options.includes(item)) ? null : 'Choose from the options listed';
    case 'countries':
      return Array.isArray(value) && value.every((item) => COUNTRY_CODES.includes(item)) ? null : 'Choose countries from the list';
    default:
      return null;
  }
}

/**
 * Messages per question key. A draft may leave questions open; with `complete` every required question needs an
 * answer, as the server asks before submission.
 */
export function answerProblems(questions: readonly QuestionDefinition[], answers: Answers, { complete = false } = {}): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const question of questions) {
    const value = answers[question.key];
    if (!isAnswered(value)) {
      if (complete && question.required) problems[question.key] = question.type === 'boolean' ? 'Answer yes or no' : 'Answer this question';
      continue;
    }
    const problem = formatProblem(question, value!);
    if (problem) problems[question.key] = problem;
  }
  return problems;
}

/** The JSON the server stores: known questions only, text trimmed, a cleared answer sent as null so it is removed. */
export function serializeAnswers(questions: readonly QuestionDefinition[], answers: Answers): string {
  const out: Record<string, Answer | null> = {};
  for (const question of questions) {
    if (!(question.key in answers)) continue;
    const value = answers[question.key]!;
    out[question.key] = isAnswered(value) ? (typeof value === 'string' ? value.trim() : value) : null;
  }
  return JSON.stringify(out);
}

/** How many required questions have an answer, for the step summary. */
export function requiredProgress(questions: readonly QuestionDefinition[], answers: Answers): { answered: number; required: number } {
  const required = questions.filter((question) => question.required);
  return { answered: required.filter((question) => isAnswered(answers[question.key])).length, required: required.length };
}

/** A server message for a field such as "answersJson.businessModel" lands on the question it names. */
export function questionKeyOfField(field: string, questions: readonly QuestionDefinition[]): string | null {
  const last = field.split('.').pop() ?? field;
  return questions.some((question) => question.key === last) ? last : null;
}

/** An answer as the read-only view shows it. */
export function formatAnswer(question: QuestionDefinition, value: Answer | undefined): string {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0))
    return 'Not answered';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return (question.type === 'countries' ? value.map((code) => formatCountry(code)) : value).join(', ');
  return value;
}
