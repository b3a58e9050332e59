import { useEffect } from 'react';
import { documentTitleSet } from '@/lib/analytics';

/** Sets the browser tab's title while the screen is shown, and again whenever `title` changes. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
    // The page view of a screen that loaded after its path changed waits for its title.
    documentTitleSet();
  }, [title]);
}
