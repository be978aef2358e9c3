/** Simple line icons for the nine category tiles. */
const PATHS: Record<string, string> = {
  men: 'M12 4a3 3 0 1 1 0 6 3 3 0 0 1 0-6Zm-5 16v-4a5 5 0 0 1 10 0v4',
  women: 'M12 3a3 3 0 1 1 0 6 3 3 0 0 1 0-6Zm0 6-5 9h10l-5-9Zm-2 9v3m4-3v3',
  kids: 'M12 6a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5Zm-4 14v-3a4 4 0 0 1 8 0v3M5 9l2 2m12-2-2 2',
  accessories: 'M7 8a5 5 0 0 1 10 0M5 8h14l-1 12H6L5 8Z',
  footwear: 'M3 16h18v3H3zM3 16V8l5 2 3 3 6 1a4 4 0 0 1 4 2',
  mobile: 'M8 3h8a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1Zm3 15h2',
  appliances: 'M6 3h12v18H6zM6 9h12M9 6h.01M12 15a2 2 0 1 0 0-.01',
  electronics: 'M3 5h18v11H3zM8 20h8M12 16v4',
  fashion: 'M8 3 4 6l2 4 2-1v12h8V9l2 1 2-4-4-3a4 4 0 0 1-8 0Z',
};

export function CategoryIcon({ id }: { id: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={24}
      height={24}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <path d={PATHS[id] ?? PATHS.accessories} />
    </svg>
  );
}
