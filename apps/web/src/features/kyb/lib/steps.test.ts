import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { describe, expect, it } from 'vitest';
import { currentStep, isApplicationEditable, missingFromError, nextStep, progressLabel, type StepSummary } from '@/features/kyb/lib/steps';

function steps(states: Record<string, StepSummary['state']>): StepSummary[] {
  return Object.entries(states).map(([key, state]) => ({ key: key as StepSummary['key'], state }));
}

const FRESH = steps({ companyDetails: 'notStarted', ownership: 'notStarted', documents: 'notStarted', questionnaire: 'notStarted', review: 'notStarted' });

describe('currentStep', () => {
  it('opens a fresh application at the company details', () => {
    expect(currentStep(FRESH, null)).toBe('companyDetails');
  });

  it('resumes where the partner left off: the first step not completed', () => {
    const partway = steps({ companyDetails: 'completed', ownership: 'completed', documents: 'inProgress', questionnaire: 'notStarted', review: 'notStarted' });
    expect(currentStep(partway, null)).toBe('documents');
  });

  it('leads with a step that needs action (a reviewer put the application on hold) before any unfinished one', () => {
    const onHold = steps({
      companyDetails: 'completed',
      ownership: 'notStarted',
      documents: 'actionRequired',
      questionnaire: 'completed',
      review: 'notStarted',
    });
    expect(currentStep(onHold, null)).toBe('documents');
  });

  it('opens the review once every part is completed', () => {
    const done = steps({ companyDetails: 'completed', ownership: 'completed', documents: 'completed', questionnaire: 'completed', review: 'notStarted' });
    expect(currentStep(done, null)).toBe('review');
  });

  it('follows the step named in the URL, and ignores a name that is not a step', () => {
    expect(currentStep(FRESH, 'questionnaire')).toBe('questionnaire');
    expect(currentStep(FRESH, 'payments')).toBe('companyDetails');
    expect(currentStep(FRESH, '')).toBe('companyDetails');
  });
});

describe('nextStep and progress', () => {
  it('moves to the following step and stops after the review', () => {
    expect(nextStep(FRESH, 'companyDetails')).toBe('ownership');
    expect(nextStep(FRESH, 'questionnaire')).toBe('review');
    expect(nextStep(FRESH, 'review')).toBeNull();
  });

  it('counts the completed parts, not the review', () => {
    const partway = steps({ companyDetails: 'completed', ownership: 'completed', documents: 'inProgress', questionnaire: 'notStarted', review: 'notStarted' });
    expect(progressLabel(partway)).toBe('2 of 4 steps completed');
  });
});

describe('isApplicationEditable', () => {
  it('lets the partner change the application before submitting it and while it is on hold, never while the provider has it or after a decision', () => {
    expect(isApplicationEditable('NotStarted')).toBe(true);
    expect(isApplicationEditable('OnHold')).toBe(true);
    for (const status of ['Pending', 'InProgress', 'Approved', 'Rejected'] as const) expect(isApplicationEditable(status)).toBe(false);
  });
});

describe('missingFromError', () => {
  it('lists what the server says is missing from its BAD_USER_INPUT fields, once each', () => {
    const error = new CombinedGraphQLErrors({
      errors: [
        {
          message: 'The application is not complete',
          extensions: {
            code: 'BAD_USER_INPUT',
            fields: {
              documents: 'Upload the proof of address',
              'people.0': 'Upload an identity document for Ada Lovelace',
              questionnaire: 'Upload the proof of address',
            },
          },
        },
      ],
    });
    expect(missingFromError(error)).toEqual({
      message: 'The application is not complete',
      items: ['Upload the proof of address', 'Upload an identity document for Ada Lovelace'],
    });
  });

  it('keeps the message alone when no field is named', () => {
    const error = new CombinedGraphQLErrors({ errors: [{ message: 'The application was already submitted', extensions: { code: 'CONFLICT' } }] });
    expect(missingFromError(error)).toEqual({ message: 'The application was already submitted', items: [] });
  });
});
