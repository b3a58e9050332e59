import { COMPANY_DOCUMENT_TYPES, KYB_MAX_FILE_BYTES } from '@rampart/shared/kyb';
import type { Kyb_DocumentFragment, KybDocumentType } from '@/gql/graphql';
import { formatBytes, KYB_DOCUMENT_TYPE_LABEL } from '@/lib/format';

export interface DocumentSlot {
  key: string;
  type: KybDocumentType;
  personId: string | null;
  title: string;
  description: string;
  documents: Kyb_DocumentFragment[];
}

const COMPANY_HELP: Record<string, string> = {
  certificateOfIncorporation: 'Issued by the company registry, showing the legal name and registration number.',
  proofOfAddress: 'A utility bill, bank statement or registry extract from the last 3 months showing the registered address.',
  ownershipStructure: 'A chart or register showing who owns the company, down to every person with 25 % or more.',
};

/** What the documents step asks for: the company's documents, then one identity document per person. */
export function documentSlots(documents: readonly Kyb_DocumentFragment[], people: ReadonlyArray<{ id: string; fullName: string }>): DocumentSlot[] {
  const company = COMPANY_DOCUMENT_TYPES.map((type) => ({
    key: type,
    type,
    personId: null,
    title: KYB_DOCUMENT_TYPE_LABEL[type] ?? type,
    description: COMPANY_HELP[type] ?? '',
    documents: documents.filter((document) => document.type === type && !document.personId),
  }));
  const identity = people.map((person) => ({
    key: `identityDocument:${person.id}`,
    type: 'identityDocument' as const,
    personId: person.id,
    title: `Identity document: ${person.fullName}`,
    description: 'A passport or national identity card, every corner visible.',
    documents: documents.filter((document) => document.type === 'identityDocument' && document.personId === person.id),
  }));
  return [...company, ...identity];
}

/** A quick check before sending, so an obvious mistake does not wait for the upload; the server checks the content. */
export function fileProblem(file: Pick<File, 'size'>): string | null {
  if (file.size === 0) return 'The file is empty. Choose the document itself.';
  if (file.size > KYB_MAX_FILE_BYTES) return `The file is ${formatBytes(file.size)}; the limit is ${formatBytes(KYB_MAX_FILE_BYTES)}.`;
  return null;
}

/** "PDF", "PNG", "JPEG" from the detected content type. */
export function contentTypeLabel(contentType: string): string {
  const known: Record<string, string> = { 'application/pdf': 'PDF', 'image/png': 'PNG', 'image/jpeg': 'JPEG' };
  return known[contentType] ?? contentType;
}
