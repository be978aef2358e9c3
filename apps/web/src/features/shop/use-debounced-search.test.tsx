import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchAction, useDebouncedSearch } from './use-debounced-search';

describe('searchAction', () => {
  it('when the text is empty, then it is ignored; 1–3 characters clear; 4+ query (trimmed)', () => {
    expect(searchAction('   ')).toEqual({ kind: 'ignore' });
    expect(searchAction('ab')).toEqual({ kind: 'clear' });
    expect(searchAction(' abc ')).toEqual({ kind: 'clear' });
    expect(searchAction(' shoe ')).toEqual({ kind: 'query', keyword: 'shoe' });
  });
});

describe('useDebouncedSearch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('when typing pauses for 500 ms with more than 3 characters, then it queries once with the last text', () => {
    const onQuery = vi.fn();
    const { rerender } = renderHook(({ text }) => useDebouncedSearch(text, { onQuery }), {
      initialProps: { text: '' },
    });
    rerender({ text: 'sho' });
    vi.advanceTimersByTime(200);
    rerender({ text: 'shoe' });
    vi.advanceTimersByTime(499);
    expect(onQuery).not.toHaveBeenCalled();
    rerender({ text: 'shoes' });
    vi.advanceTimersByTime(499);
    expect(onQuery).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onQuery).toHaveBeenCalledTimes(1);
    expect(onQuery).toHaveBeenCalledWith('shoes');
  });

  it('when the text is short, then it clears instead of querying; empty text does nothing', () => {
    const onQuery = vi.fn();
    const onClear = vi.fn();
    const { rerender } = renderHook(({ text }) => useDebouncedSearch(text, { onQuery, onClear }), {
      initialProps: { text: 'shoes' },
    });
    vi.advanceTimersByTime(1000);
    expect(onQuery).not.toHaveBeenCalled(); // the first render never searches
    rerender({ text: 'sh' });
    vi.advanceTimersByTime(500);
    expect(onClear).toHaveBeenCalledTimes(1);
    rerender({ text: '' });
    vi.advanceTimersByTime(500);
    expect(onClear).toHaveBeenCalledTimes(1);
    expect(onQuery).not.toHaveBeenCalled();
  });
});
