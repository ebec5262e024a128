import { useEffect, useId, useRef, useState } from 'react';

const SEARCH_PAUSE_MS = 300;

/** Types into `?q=` once typing pauses, back on page 1; follows `q` when the URL changes it (back, forward). */
export function SearchField({ label, q, onSearch }: { label: string; q: string; onSearch: (q: string) => void }) {
  const id = useId();
  const [text, setText] = useState(q);
  const sent = useRef(q);
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  });
  useEffect(() => {
    if (q !== sent.current) setText(q);
    sent.current = q;
  }, [q]);
  useEffect(() => {
    if (text.trim() === sent.current) return undefined;
    const timer = setTimeout(() => {
      sent.current = text.trim();
      latest.current(text.trim());
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <div className="w-full sm:max-w-xs">
      <label htmlFor={id} className="mb-1 block font-medium text-text">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
        className="block h-10 w-full rounded-lg border border-border bg-surface px-3 text-text shadow-sm hover:border-muted"
      />
    </div>
  );
}
