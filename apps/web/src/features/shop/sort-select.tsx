/** "Sort by" and its select, as the listing and the search results show it. */
import { useId } from 'react';

export function SortSelect({
  value,
  options,
  onChange,
}: {
  value: string;
  options: readonly { id: string; label: string }[];
  onChange: (sortBy: string) => void;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="text-sm font-medium text-gray-700">
        Sort by
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-9 rounded-md border border-gray-300 bg-white px-2 text-sm focus:outline-none focus:ring-2 focus:ring-brand-500/30"
      >
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
    </>
  );
}
