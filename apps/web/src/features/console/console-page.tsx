/** A console page: the tab's title and one section named by the page's heading. */
import { useId, type ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';

export function ConsolePage({
  title,
  heading,
  children,
}: {
  /** the tab's title, e.g. "Payouts – Admin" */
  title: string;
  heading: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  const id = useId();
  return (
    <Titled level={1} id={id} title={heading}>
      {children}
    </Titled>
  );
}

/** A titled part of a console page. */
export function ConsolePart({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Titled level={2} id={id} title={title}>
      {children}
    </Titled>
  );
}

const LEVELS = {
  1: { gap: 'gap-6', heading: 'text-2xl font-bold tracking-tight text-gray-900' },
  2: { gap: 'gap-3', heading: 'text-lg font-semibold text-gray-900' },
};

/** A section named by its heading (h1 for the page, h2 for a part). */
function Titled({
  level,
  id,
  title,
  children,
}: {
  level: 1 | 2;
  id: string;
  title: ReactNode;
  children: ReactNode;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section aria-labelledby={id} className={`flex flex-col ${LEVELS[level].gap}`}>
      <Heading id={id} className={LEVELS[level].heading}>
        {title}
      </Heading>
      {children}
    </section>
  );
}

export interface ConsolePartSpec {
  /** the id of the part's heading */
  id: string;
  title: string;
  content: ReactNode;
}

/** A console page made of titled parts only (the tax and delivery pages): the page as data. */
export function consolePartsPage(title: string, heading: string, parts: readonly ConsolePartSpec[]) {
  function PartsPage() {
    return (
      <ConsolePage title={title} heading={heading}>
        {parts.map((p) => (
          <ConsolePart key={p.id} id={p.id} title={p.title}>
            {p.content}
          </ConsolePart>
        ))}
      </ConsolePage>
    );
  }
  return PartsPage;
}
