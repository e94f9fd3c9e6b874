import { useEffect, useState } from 'react';

/** The mobile breakpoint of spec section 9: 600 px wide or less. */
export const mobileQuery = '(max-width: 600px)';

/** Whether a CSS media query matches, updating on change. */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia?.(query).matches ?? false);
  useEffect(() => {
    const list = window.matchMedia?.(query);
    if (!list) return;
    const onChange = () => setMatches(list.matches);
    onChange();
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return matches;
}

/** Whether the window is mobile-sized (≤ 600 px). */
export const useIsMobile = () => useMediaQuery(mobileQuery);
