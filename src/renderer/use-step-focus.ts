// On every step or screen change: back to the top and focus on the new heading. Without it a step
// opened at the previous one's scroll offset, its heading off screen on a 1366×768 laptop, and
// focus stayed on the Next button that was no longer there (a screen reader said nothing).
import { useEffect, useRef } from 'react';

export function useStepFocus(key: string, root = '#main'): void {
  const first = useRef(true);
  useEffect(() => {
    // Not on the first paint: the person has not moved yet, and focus belongs where they put it.
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo({ top: 0, left: 0 });
    const heading = document.querySelector<HTMLElement>(`${root} h2`);
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  }, [key, root]);
}
