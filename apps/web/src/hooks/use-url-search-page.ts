import { useSearchParams } from 'react-router';
import { useDraft } from '@/hooks/use-draft';

/**
 * A list searched and paged through the URL (`?q=…&page=…`): the applied search and page, the search box's draft,
 * `applySearch` (back to the first page) and `goToPage` (keeping the search).
 */
export function useUrlSearchPage() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [draft, setDraft] = useDraft(search, search);
  const applySearch = () => setParams(draft.trim() ? { q: draft.trim() } : {});
  const goToPage = (to: number) => setParams({ ...(search ? { q: search } : {}), page: String(to) });
  return { search, page, draft, setDraft, applySearch, goToPage };
}
