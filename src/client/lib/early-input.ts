import { useEffect, type RefObject } from 'react';

/**
 * Text typed into a server-drawn field before the app took the page over (issue 36). React hydrates
 * a controlled field without reading it: the field keeps showing what was typed while the state
 * behind it stays empty, so nothing acts on the text until the next key press. Hands that text to
 * `adopt` once, after hydration; typing after that goes through the field's onChange as usual.
 * `adopt` must keep its identity (a state setter, or a callback without changing dependencies).
 */
export function useEarlyInput(
  field: RefObject<HTMLInputElement | HTMLTextAreaElement | null>,
  adopt: (text: string, focused: boolean) => void,
): void {
  useEffect(() => {
    const element = field.current;
    if (!element || element.value === '') return;
    adopt(element.value, document.activeElement === element);
  }, [field, adopt]);
}
