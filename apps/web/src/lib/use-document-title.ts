import { useEffect } from 'react';
import { pageTitle } from '@mp/shared/seo';

/**
 * Keeps document.title meaningful on every route (docs/seo-and-email.md). Pass a full title built by the shared
 * helpers (productPageTitle, listingPageTitle, …) or a short page name that becomes "Name | Haat Marketplace".
 */
export function useDocumentTitle(title: string | null | undefined, options: { full?: boolean } = {}): void {
  const text = options.full ? (title ?? pageTitle()) : pageTitle(title);
  useEffect(() => {
    document.title = text;
  }, [text]);
}
