import type { TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useParams } from 'react-router';

/** A project section's query about the project of the route (its id the only variable), fetched afresh on each visit. */
export function useProjectQuery<TData>(document: TypedDocumentNode<TData, { id: string }>) {
  const { projectId = '' } = useParams();
  return { projectId, ...useQuery(document, { variables: { id: projectId }, fetchPolicy: 'cache-and-network' }) };
}
