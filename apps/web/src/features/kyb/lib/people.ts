import { kybPersonSchema } from '@rampart/shared/kyb';
import { z } from 'zod';
import type { Kyb_PersonFragment, KybPersonInput, KybPersonRole } from '@/gql/graphql';

/** The person dialog's fields; the share is text in the form and a decimal string (or nothing) on the wire. */
export interface PersonFormValues {
  role: KybPersonRole;
  fullName: string;
  dateOfBirth: string;
  nationality: string;
  countryOfResidence: string;
  ownershipPercentage: string;
}

/** The shared rules, with an empty share read as none (a director may hold less than 25 %). */
export const personFormSchema = z.preprocess((values: PersonFormValues) => {
  const share = values.ownershipPercentage?.trim() ?? '';
  return { ...values, ownershipPercentage: share === '' ? null : share };
}, kybPersonSchema);

export function personFormValues(person: Kyb_PersonFragment | null, role: KybPersonRole = 'beneficialOwner'): PersonFormValues {
  return {
    role: person?.role ?? role,
    fullName: person?.fullName ?? '',
    dateOfBirth: person?.dateOfBirth ?? '',
    nationality: person?.nationality ?? '',
    countryOfResidence: person?.countryOfResidence ?? '',
    ownershipPercentage: person?.ownershipPercentage ?? '',
  };
}

/** A saved person as saveKybPeople takes it back, keeping the id so their identity document stays theirs. */
export function personInput(person: Kyb_PersonFragment): KybPersonInput {
  return {
    id: person.id,
    role: person.role,
    fullName: person.fullName,
    dateOfBirth: person.dateOfBirth,
    nationality: person.nationality,
    countryOfResidence: person.countryOfResidence,
    ownershipPercentage: person.ownershipPercentage ?? null,
  };
}
