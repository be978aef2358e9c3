/** Header search: empty text is ignored; longer than 3 characters queries after a 500 ms pause;
 * anything shorter clears the results. */
import { useEffect, useRef } from 'react';
import { LIMITS } from '@mp/shared/constants';

export type SearchAction = { kind: 'ignore' } | { kind: 'query'; keyword: string } | { kind: 'clear' };

export function searchAction(text: string): SearchAction {
  const keyword = text.trim();
  if (keyword === '') return { kind: 'ignore' };
  if (keyword.length >= LIMITS.searchMinChars) return { kind: 'query', keyword };
  return { kind: 'clear' };
}

/** Runs onQuery / onClear once the text has not changed for `delay` ms. The first render does nothing. */
export function useDebouncedSearch(
  text: string,
  handlers: { onQuery: (keyword: string) => void; onClear?: () => void },
  delay: number = LIMITS.searchDebounceMs,
): void {
  const h = useRef(handlers);
  h.current = handlers;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const t = setTimeout(() => {
      const a = searchAction(text);
      if (a.kind === 'query') h.current.onQuery(a.keyword);
      else if (a.kind === 'clear') h.current.onClear?.();
    }, delay);
    return () => clearTimeout(t);
  }, [text, delay]);
}
