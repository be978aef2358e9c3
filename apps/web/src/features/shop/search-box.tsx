/**
 * The header search box: typing never leaves the page. Text longer than 3 characters asks for
 * suggestions (products, brands, categories) after a 500 ms pause and shows them under the box as an ARIA 1.2
 * combobox: ↓/↑ move through them, Enter opens the one chosen (or searches the text when none is), a click opens
 * a suggestion, Escape closes the list, then clears the text. Only Enter or a pick navigates (docs/web.md).
 */
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { SearchIcon } from '../../components/icons';
import { cn, ProductImage } from '../../components/ui';
import { useSearchSuggestionsQuery, type Suggestions } from './search-api';
import { useDebouncedSearch } from './use-debounced-search';

export const SEARCH_PATH = '/shop/listing/search';

interface Option {
  key: string;
  group: 'Products' | 'Brands' | 'Categories';
  label: string;
  to: string;
  image?: string;
}

/** The suggestions as one list of options, in the order they are shown (products, brands, categories). */
export function suggestionOptions(s: Suggestions | undefined): Option[] {
  if (!s) return [];
  return [
    ...s.products.map((p) => ({
      key: `p-${p._id}`,
      group: 'Products' as const,
      label: p.title,
      to: `/product/${p._id}`,
      image: p.image,
    })),
    ...s.brands.map((b) => ({
      key: `b-${b.id}`,
      group: 'Brands' as const,
      label: b.label,
      to: `/shop/listing?brand=${encodeURIComponent(b.id)}&sortBy=price-lowtohigh`,
    })),
    ...s.categories.map((c) => ({
      key: `c-${c.id}`,
      group: 'Categories' as const,
      label: c.label,
      to: `/shop/listing?category=${encodeURIComponent(c.id)}&sortBy=price-lowtohigh`,
    })),
  ];
}

export function SearchBox({ className, onDone }: { className?: string; onDone?: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const initial = location.pathname === SEARCH_PATH ? (params.get('keyword') ?? '') : '';
  const [text, setText] = useState(initial);
  const [suggestFor, setSuggestFor] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const id = useId();
  const listId = `${id}-list`;
  const { data, isFetching } = useSearchSuggestionsQuery(suggestFor ?? '', { skip: !suggestFor });
  const options = suggestFor ? suggestionOptions(data) : [];
  const expanded = open && options.length > 0;

  const go = (keyword: string) => {
    navigate(`${SEARCH_PATH}?keyword=${encodeURIComponent(keyword)}`, {
      replace: location.pathname === SEARCH_PATH,
    });
  };
  // the text already searched or picked: its suggestions, still due after the pause, must not open over the results
  const done = useRef<string | null>(null);
  useDebouncedSearch(text, {
    onQuery: (keyword) => {
      if (keyword === done.current) return;
      setSuggestFor(keyword);
      setActive(-1);
      setOpen(true);
    },
    onClear: () => setSuggestFor(null),
  });

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const choose = (o: Option) => {
    done.current = text.trim();
    close();
    navigate(o.to);
    onDone?.();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (expanded && active >= 0) {
      choose(options[active]!);
      return;
    }
    const keyword = text.trim();
    if (!keyword) return;
    done.current = keyword;
    close();
    go(keyword);
    onDone?.();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!options.length) return;
      e.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(e.key === 'ArrowDown' ? 0 : options.length - 1);
        return;
      }
      const last = options.length - 1;
      setActive((a) => (e.key === 'ArrowDown' ? (a >= last ? 0 : a + 1) : a <= 0 ? last : a - 1));
    } else if (e.key === 'Escape') {
      if (expanded) {
        e.preventDefault();
        close();
      }
    }
  };

  let index = -1;
  const groups = (['Products', 'Brands', 'Categories'] as const)
    .map((g) => ({ g, items: options.filter((o) => o.group === g) }))
    .filter((x) => x.items.length);

  return (
    <form role="search" onSubmit={submit} className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <input
        id={id}
        type="search"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? `${id}-opt-${active}` : undefined}
        aria-busy={isFetching || undefined}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={close}
        onFocus={() => suggestFor && setOpen(true)}
        placeholder="Search for products, brands and more"
        autoComplete="off"
        className="h-10 w-full rounded-md border border-white/20 bg-white pl-10 pr-3 text-sm text-gray-900 placeholder:text-gray-500 focus:outline-none focus:ring-2 focus:ring-accent-500"
      />
      <SearchIcon className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-gray-500" />
      <div
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!expanded}
        className="absolute left-0 right-0 top-full z-40 mt-1 max-h-[70vh] overflow-y-auto rounded-md border border-gray-200 bg-white py-1 text-sm text-gray-900 shadow-lg"
      >
        {groups.map(({ g, items }) => (
          <div key={g} role="group" aria-labelledby={`${id}-${g}`}>
            <div
              id={`${id}-${g}`}
              role="presentation"
              className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-gray-600"
            >
              {g}
            </div>
            {items.map((o) => {
              index += 1;
              const i = index;
              return (
                <div
                  key={o.key}
                  id={`${id}-opt-${i}`}
                  role="option"
                  aria-selected={i === active}
                  // mousedown, not click: the input's blur would close the list first
                  onMouseDown={(e) => {
                    e.preventDefault();
                    choose(o);
                  }}
                  onMouseEnter={() => setActive(i)}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 px-3 py-2',
                    i === active ? 'bg-brand-50 text-brand-800' : 'hover:bg-gray-50',
                  )}
                >
                  {o.image && (
                    <ProductImage src={o.image} alt="" width={32} height={32} className="h-8 w-8 rounded" />
                  )}
                  <span className="line-clamp-1">{o.label}</span>
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </form>
  );
}
