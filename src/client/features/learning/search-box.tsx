import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { useEarlyInput } from '#client/lib/early-input.ts';
import { useSearch } from './learning-api.ts';
import styles from './learning.module.css';

/** Whether a key press happened where "/" is text (a field, the code editor). */
function typingIn(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    target.closest('input, textarea, select, [contenteditable="true"]') !== null
  );
}

/**
 * "/" anywhere outside a text field focuses the search field; a press outside the box closes the
 * results.
 */
function useSearchShortcuts(
  input: RefObject<HTMLInputElement | null>,
  box: RefObject<HTMLDivElement | null>,
  setOpen: (open: boolean) => void,
) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (typingIn(event.target)) return;
      event.preventDefault();
      input.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (box.current && event.target instanceof Node && !box.current.contains(event.target)) {
        setOpen(false);
      }
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [input, box, setOpen]);
}

type SearchResult = NonNullable<ReturnType<typeof useSearch>['data']>['results'][number];

interface ResultListProps {
  query: string;
  results: SearchResult[];
  onFollow(): void;
}

function ResultList({ query, results, onFollow }: ResultListProps) {
  return (
    <ul className={styles.resultList} aria-label={`Search results for ${query}`}>
      {results.map((result) => (
        <li key={`${result.kind}:${result.href}:${result.title}`} className={styles.result}>
          <Link to={result.href} className={styles.resultLink} onClick={onFollow}>
            {result.title}
          </Link>
          <span className={styles.resultLabel}>
            {result.kind === 'glossary' ? 'Glossary · ' : ''}
            {result.label}
          </span>
          {/* Escaped by the server; its only tags are the <mark>s around the matches. */}
          <p className={styles.snippet} dangerouslySetInnerHTML={{ __html: result.snippetHtml }} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The course search in the top bar: results appear under the field as the learner types (after a
 * short pause), each linking to the lesson section, exercise list or glossary term's section. "/"
 * anywhere outside a text field focuses it; Escape closes the results.
 */
export function SearchBox() {
  const id = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const search = useSearch(query);

  useSearchShortcuts(input, box, setOpen);
  // Typed while the lesson was still starting: searched as soon as the app has it.
  useEarlyInput(
    input,
    useCallback((typed: string, focused: boolean) => {
      setText(typed);
      setOpen(focused);
    }, []),
  );

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);

  const showing = open && query.length >= 2;
  const results = search.data?.results ?? [];
  const status = !showing
    ? ''
    : search.isError
      ? `Search failed: ${search.error.message}`
      : search.isPending
        ? 'Searching…'
        : `${results.length === 0 ? 'No' : results.length} ${results.length === 1 ? 'result' : 'results'} for “${query}”`;

  return (
    <div className={styles.search} ref={box} role="search">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setQuery(text.trim());
          setOpen(true);
        }}
      >
        <label htmlFor={`${id}-q`} className="visually-hidden">
          Search the course
        </label>
        <input
          ref={input}
          id={`${id}-q`}
          type="search"
          className={styles.searchInput}
          placeholder="Search the course ( / )"
          autoComplete="off"
          value={text}
          aria-controls={`${id}-results`}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpen(false);
          }}
        />
      </form>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      <div id={`${id}-results`} className={styles.results} hidden={!showing}>
        <p className={styles.muted} aria-hidden="true">
          {status}
        </p>
        {results.length > 0 ? (
          <ResultList query={query} results={results} onFollow={() => setOpen(false)} />
        ) : null}
      </div>
    </div>
  );
}
