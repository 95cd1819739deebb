import { useCallback, useState } from 'react';

/**
 * Which items of a list are open, for lists where each item opens and closes on its own (SPEC 1's
 * curriculum breakdown, SPEC 2's pricing modules).
 */
export function useToggleSet<T>() {
  const [open, setOpen] = useState<ReadonlySet<T>>(() => new Set());
  const toggle = useCallback((item: T) => {
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(item)) next.delete(item);
      else next.add(item);
      return next;
    });
  }, []);
  return { isOpen: (item: T) => open.has(item), toggle };
}
