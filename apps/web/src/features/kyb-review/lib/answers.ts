import type { KybQuestionType } from '@/gql/graphql';

// The questionnaire's answers arrive as one JSON object keyed by question key; staff read them as sentences.

export interface AnsweredQuestion {
  key: string;
  label: string;
  answer: string;
  /** Required and not answered. */
  missing: boolean;
}

export function parseAnswers(answersJson: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(answersJson);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** An answer in words: Yes / No, country names, a list joined by commas; '' when not answered. */
export function formatAnswer(type: KybQuestionType, value: unknown, countryName: (code: string) => string): string {
  if (value === undefined || value === null) return '';
  if (value === true || value === false) return type === 'boolean' ? (value ? 'Yes' : 'No') : String(value);
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => (typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item as string | number | boolean)));
    return (type === 'countries' ? items.map(countryName) : items).join(', ');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'string') return value.trim();
  return typeof value === 'number' || typeof value === 'bigint' ? String(value) : '';
}

export function answeredQuestions(
  questions: readonly { key: string; label: string; type: KybQuestionType; required: boolean }[],
  answersJson: string,
  countryName: (code: string) => string,
): AnsweredQuestion[] {
  const answers = parseAnswers(answersJson);
  const known = questions.map((question) => {
    const answer = formatAnswer(question.type, answers[question.key], countryName);
    return { key: question.key, label: question.label, answer, missing: question.required && answer === '' };
  });
  // Answers to questions of another version are still shown, under their key, rather than hidden from the reviewer.
  const extra = Object.keys(answers)
    .filter((key) => !questions.some((question) => question.key === key))
    .map((key) => ({ key, label: key, answer: formatAnswer('text', answers[key], countryName), missing: false }));
  return [...known, ...extra];
}
