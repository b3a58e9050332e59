import { useEffect } from 'react';

/** Sets the browser tab's title while the screen is shown, and again whenever `title` changes. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
