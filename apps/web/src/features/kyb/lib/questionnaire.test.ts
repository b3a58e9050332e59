import { describe, expect, it } from 'vitest';
import {
  answerProblems,
  formatAnswer,
  parseAnswers,
  questionKeyOfField,
  requiredProgress,
  serializeAnswers,
  type QuestionDefinition,
} from '@/features/kyb/lib/questionnaire';

const QUESTIONS: QuestionDefinition[] = [
  { key: 'businessModel', label: 'Business model', help: null, type: 'longText', required: true, options: null },
  { key: 'licencesHeld', label: 'Licences', help: null, type: 'text', required: true, options: null },
  { key: 'sourceOfFunds', label: 'Source of funds', help: null, type: 'singleChoice', required: true, options: ['Revenue from operations', 'Loans'] },
  { key: 'countriesServed', label: 'Countries', help: null, type: 'countries', required: true, options: null },
  { key: 'pepExposure', label: 'PEP', help: null, type: 'boolean', required: true, options: null },
  { key: 'amlProgramme', label: 'AML', help: null, type: 'multiChoice', required: false, options: ['Sanctions screening', 'Transaction monitoring'] },
];

describe('answerProblems', () => {
  it('lets a draft leave questions open but asks for every required answer before continuing', () => {
    const answers = { businessModel: 'We sell crypto to gamers', pepExposure: false };
    expect(answerProblems(QUESTIONS, answers)).toEqual({});
    expect(answerProblems(QUESTIONS, answers, { complete: true })).toEqual({
      licencesHeld: 'Answer this question',
      sourceOfFunds: 'Answer this question',
      countriesServed: 'Answer this question',
    });
  });

  it('counts "no" as an answer, and blank text or an empty list as none', () => {
    const answers = { businessModel: '   ', licencesHeld: 'None', sourceOfFunds: 'Loans', countriesServed: [], pepExposure: false };
    expect(answerProblems(QUESTIONS, answers, { complete: true })).toEqual({ businessModel: 'Answer this question', countriesServed: 'Answer this question' });
  });

  it('checks each answer against its question: text length, options, country codes, yes or no', () => {
    const answers = {
      businessModel: 'x'.repeat(5001),
      licencesHeld: 'x'.repeat(501),
      sourceOfFunds: 'Lottery',
      countriesServed: ['GB', 'XX'],
      pepExposure: 'maybe',
      amlProgramme: ['Sanctions screening', 'Astrology'],
    };
    expect(answerProblems(QUESTIONS, answers)).toEqual({
      businessModel: 'At most 5000 characters (now 5001)',
      licencesHeld: 'At most 500 characters (now 501)',
      sourceOfFunds: 'Choose one of the options',
      countriesServed: 'Choose countries from the list',
      pepExposure: 'Answer yes or no',
      amlProgramme: 'Choose from the options listed',
    });
  });
});

describe('saving and showing answers', () => {
  it('sends only known questions, trimmed, with a cleared answer as null', () => {
    const json = serializeAnswers(QUESTIONS, { businessModel: '  Payments  ', licencesHeld: '', pepExposure: true, injected: 'x' });
    expect(JSON.parse(json)).toEqual({ businessModel: 'Payments', licencesHeld: null, pepExposure: true });
  });

  it('reads saved answers, and damaged JSON as no answers', () => {
    expect(parseAnswers('{"pepExposure":false}')).toEqual({ pepExposure: false });
    expect(parseAnswers('not json')).toEqual({});
    expect(parseAnswers('[1,2]')).toEqual({});
    expect(parseAnswers('')).toEqual({});
  });

  it('shows answers in words: yes or no, country names, lists, and what is unanswered', () => {
    expect(formatAnswer(QUESTIONS[4]!, false)).toBe('No');
    expect(formatAnswer(QUESTIONS[3]!, ['GB', 'DE'])).toBe('United Kingdom, Germany');
    expect(formatAnswer(QUESTIONS[5]!, ['Sanctions screening', 'Transaction monitoring'])).toBe('Sanctions screening, Transaction monitoring');
    expect(formatAnswer(QUESTIONS[0]!, undefined)).toBe('Not answered');
    expect(formatAnswer(QUESTIONS[3]!, [])).toBe('Not answered');
  });

  it('counts the required answers given, and places server messages on the question they name', () => {
    expect(requiredProgress(QUESTIONS, { businessModel: 'Payments', pepExposure: false, amlProgramme: ['Sanctions screening'] })).toEqual({
      answered: 2,
      required: 5,
    });
    expect(questionKeyOfField('answersJson.sourceOfFunds', QUESTIONS)).toBe('sourceOfFunds');
    expect(questionKeyOfField('sourceOfFunds', QUESTIONS)).toBe('sourceOfFunds');
    expect(questionKeyOfField('answersJson', QUESTIONS)).toBeNull();
  });
});
