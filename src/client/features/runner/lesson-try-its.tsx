import { useMemo } from 'react';
import { createPortal } from 'react-dom';
import type { LessonCodeBlock } from '#shared/api/lesson.schema.ts';
import { TryIt } from './try-it.tsx';

/**
 * Puts a 'Try it' button under every python example of server-rendered lesson html: finds each
 * `data-code-block="{index}"` wrapper inside `container` (the element holding the html, passed
 * once it is in the page) and renders a TryIt at the end of it.
 */
export function LessonTryIts(props: {
  container: HTMLElement | null;
  blocks: readonly LessonCodeBlock[];
}) {
  const { container, blocks } = props;
  const slots = useMemo(() => {
    if (!container) return [];
    return blocks.flatMap((block) => {
      const wrapper = container.querySelector(`[data-code-block="${block.index}"]`);
      return wrapper ? [{ block, wrapper }] : [];
    });
  }, [container, blocks]);
  return (
    <>
      {slots.map(({ block, wrapper }) =>
        createPortal(<TryIt block={block} />, wrapper, String(block.index)),
      )}
    </>
  );
}
