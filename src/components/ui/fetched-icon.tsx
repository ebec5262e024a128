import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createIconCache, type IconCache } from '../../lib/icon-cache';
import { reportError } from '../../lib/notice-bus';
import { svgInstance } from '../../lib/svg-instance';

const iconCache = createIconCache();
let instances = 0;

interface IconProps {
  name: string;
  label?: string;
  size?: number;
  className?: string;
  cache?: IconCache;
}

/** Inlined, so it takes the text colour; icons the first paint needs are in icons.tsx instead. */
export function Icon({ name, label, size = 24, className = '', cache = iconCache }: IconProps) {
  const [, setLoads] = useState(0);
  const svg = cache.peek(name);
  const box = useRef<HTMLSpanElement>(null);

  // Inserted as nodes, before paint: the sanitised <svg> is never parsed as markup again.
  useLayoutEffect(() => {
    box.current?.replaceChildren(...(svg ? [svgInstance(svg, `snxt-icon${++instances}-`)] : []));
  }, [svg]);

  useEffect(() => {
    if (cache.peek(name)) return;
    let current = true;
    cache.load(name).then(
      () => current && setLoads((count) => count + 1),
      // HTTP failures were reported by the HTTP helper; a bad name or file is reported here.
      (error: unknown) =>
        void import('../../lib/http').then(({ HttpError, NetworkError }) => {
          if (!(error instanceof HttpError || error instanceof NetworkError)) reportError(error, `Icon "${name}"`);
        }),
    );
    return () => {
      current = false;
    };
  }, [name, cache]);

  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <span
      ref={box}
      {...a11y}
      className={`inline-block shrink-0 align-middle [&>svg]:size-full ${className}`}
      style={{ width: size, height: size }}
    />
  );
}
