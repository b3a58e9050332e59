import { useState, useSyncExternalStore } from 'react';

// Back and Forward, counted. The router renders a history step in a transition, so a search pushed and popped again
// before React rendered the push (a quick Back on a loaded machine) reaches the screen as no change of the applied
// values at all: the pop itself is what tells the draft to follow the address.
let historySteps = 0;
const listeners = new Set<() => void>();
function onPopState() {
  historySteps += 1;
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener('popstate', onPopState);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', onPopState);
  };
}
const readHistorySteps = () => historySteps;

/**
 * A form's draft of values that are applied elsewhere (the URL): edited freely, and set back to the applied values
 * whenever those change (a link, another tab) and on every Back and Forward, so the fields never show a filter the list
 * no longer has. `appliedKey` names the applied values (leave out paging and sorting, which should keep a half-typed
 * draft).
 */
export function useDraft<T>(applied: T, appliedKey: string) {
  const steps = useSyncExternalStore(subscribe, readHistorySteps, readHistorySteps);
  const [draft, setDraft] = useState(applied);
  const [seen, setSeen] = useState({ appliedKey, steps });
  if (seen.appliedKey !== appliedKey || seen.steps !== steps) {
    setSeen({ appliedKey, steps });
    setDraft(applied);
  }
  return [draft, setDraft] as const;
}
