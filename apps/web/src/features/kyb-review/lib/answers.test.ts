import { describe, expect, it } from 'vitest';
import { answeredQuestions, formatAnswer } from '@/features/kyb-review/lib/answers';

const names: Record<string, string> = { DE: 'Germany', FR: 'France' };
const countryName = (code: string) => names[code] ?? code;

describe('questionnaire answers for the reviewer', () => {
  it('reads each kind of answer in words', () => {
    expect(formatAnswer('boolean', true, countryName)).toBe('Yes');
    expect(formatAnswer('boolean', false, countryName)).toBe('No');
    expect(formatAnswer('countries', ['DE', 'FR'], countryName)).toBe('Germany, France');
    expect(formatAnswer('multiChoice', ['Sanctions screening', 'Transaction monitoring'], countryName)).toBe('Sanctions screening, Transaction monitoring');
    expect(formatAnswer('text', '  VASP registration  ', countryName)).toBe('VASP registration');
    expect(formatAnswer('text', undefined, countryName)).toBe('');
  });

  it('labels answers by their question, flags missing required ones and keeps unknown keys', () => {
    const questions = [
      { key: 'pepExposure', label: 'Is any owner a PEP?', type: 'boolean' as const, required: true },
      { key: 'licencesHeld', label: 'Licences held', type: 'text' as const, required: true },
      { key: 'notes', label: 'Anything else', type: 'longText' as const, required: false },
    ];
    expect(answeredQuestions(questions, '{"pepExposure":false,"oldQuestion":"kept"}', countryName)).toEqual([
      { key: 'pepExposure', label: 'Is any owner a PEP?', answer: 'No', missing: false },
      { key: 'licencesHeld', label: 'Licences held', answer: '', missing: true },
      { key: 'notes', label: 'Anything else', answer: '', missing: false },
      { key: 'oldQuestion', label: 'oldQuestion', answer: 'kept', missing: false },
    ]);
  });

  it('treats broken JSON as no answers', () => {
    expect(answeredQuestions([{ key: 'a', label: 'A', type: 'text', required: true }], 'not json', countryName)).toEqual([
      { key: 'a', label: 'A', answer: '', missing: true },
    ]);
  });
});
