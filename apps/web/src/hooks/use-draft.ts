import { useState } from 'react';

/**
 * A form's draft of values that are applied elsewhere (the URL): edited freely, and set back to the applied values
 * whenever those change (Back and Forward, a link, another tab), so the fields never show a filter the list no longer
 * has. `appliedKey` names the applied values (leave out paging and sorting, which should keep a half-typed draft).
 */
export function useDraft<T>(applied: T, appliedKey: string) {
  const [draft, setDraft] = useState(applied);
  const [key, setKey] = useState(appliedKey);
  if (key !== appliedKey) {
    setKey(appliedKey);
    setDraft(applied);
  }
  return [draft, setDraft] as const;
}
