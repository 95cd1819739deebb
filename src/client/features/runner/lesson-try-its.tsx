import { useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type { LessonCodeBlock } from '#shared/api/lesson.schema.ts';
import { Checkpoint } from './checkpoint.tsx';
import { TryIt } from './try-it.tsx';

interface Slot {
  block: LessonCodeBlock;
  node: HTMLElement;
}

/**
 * Puts a 'Try it' button under every python example of server-rendered lesson html: finds each
 * `data-code-block="{index}"` wrapper inside `container` (the element holding the html, passed
 * once it is in the page) and renders a TryIt in a slot right after it. A checkpoint's block gets
 * the Checkpoint instead: running it before predicting would give the answer away (its own
 * 'Try it' appears once the output is revealed).
 */
export function LessonTryIts(props: {
  container: HTMLElement | null;
  blocks: readonly LessonCodeBlock[];
}) {
  const { container, blocks } = props;
  const [slots, setSlots] = useState<Slot[]>([]);

  useLayoutEffect(() => {
    if (!container) return;
    const created: Slot[] = [];
    for (const block of blocks) {
      const wrapper = container.querySelector(`[data-code-block="${block.index}"]`);
      if (!wrapper) continue;
      const node = document.createElement('div');
      node.dataset.tryIt = String(block.index);
      // Below the example's printed output when the lesson shows it, so code and output stay together.
      const next = wrapper.nextElementSibling;
      (next?.classList.contains('code-output') ? next : wrapper).after(node);
      created.push({ block, node });
    }
    // The slots are DOM nodes outside React; they must exist before portals can render into them.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSlots(created);
    return () => {
      for (const { node } of created) node.remove();
    };
  }, [container, blocks]);

  let checkpoints = 0;
  return (
    <>
      {slots.map(({ block, node }) => {
        const { checkpoint } = block;
        const widget = checkpoint ? (
          <Checkpoint block={{ ...block, checkpoint }} number={++checkpoints} />
        ) : (
          <TryIt block={block} />
        );
        return createPortal(widget, node, String(block.index));
      })}
    </>
  );
}
