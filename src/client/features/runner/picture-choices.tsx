/*
 * The options of a "Which picture will this draw?" checkpoint (decision 0039): small drawings as
 * radio buttons, each named by its words (`alt`) for a screen reader. The drawings come with the
 * lesson (the verifier drew them), so they show before Python has loaded, and without it.
 */
import { useMemo } from 'react';
import type { Drawing } from '#shared/content/drawing.ts';
import { ChoiceList } from './checkpoint-parts.tsx';
import styles from './checkpoint.module.css';
import { drawingScene, sharedView } from './turtle-drawing.ts';
import { ShapeView } from './turtle-view.tsx';

interface PictureChoicesProps {
  id: string;
  pictures: readonly { readonly alt: string; readonly drawing: Drawing }[];
  choice: number | null;
  tried: ReadonlySet<number>;
  onChoose(index: number): void;
}

/** One option's drawing, in the view all of them share; no turtles, which the options leave out. */
function SmallPicture({
  drawing,
  alt,
  viewBox,
}: {
  drawing: Drawing;
  alt: string;
  viewBox: string;
}) {
  const scene = useMemo(() => drawingScene(drawing), [drawing]);
  const [left = '0', top = '0', width = '0', height = '0'] = viewBox.split(' ');
  return (
    <svg className={styles.picture} viewBox={viewBox} role="img" aria-label={alt}>
      <rect x={left} y={top} width={width} height={height} fill={scene.background} />
      {scene.shapes.map((shape, i) => (
        // In screen pixels (the CSS keeps strokes from scaling): a pen of 1 is drawn 2 wide.
        <ShapeView
          key={i}
          shape={shape.kind === 'line' ? { ...shape, width: Math.max(2, shape.width) } : shape}
        />
      ))}
    </svg>
  );
}

export function PictureChoices({ pictures, ...choices }: PictureChoicesProps) {
  const view = useMemo(() => sharedView(pictures.map((p) => p.drawing)), [pictures]);
  return (
    <ChoiceList
      {...choices}
      count={pictures.length}
      className={styles.pictures}
      labelClassName={styles.pictureLabel}
      render={(i) => {
        const picture = pictures[i];
        if (!picture) return null;
        return (
          <>
            <span className={styles.pictureNumber} aria-hidden="true">
              {String.fromCharCode(65 + i)}
            </span>
            <SmallPicture drawing={picture.drawing} alt={picture.alt} viewBox={view.viewBox} />
          </>
        );
      }}
    />
  );
}
