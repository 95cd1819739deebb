import { useEffect, useMemo, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { saveFile } from '#client/lib/save-file.ts';
import {
  describeDrawing,
  drawingScene,
  drawingSvg,
  framesPerLine,
  type Drawing,
  type Shape,
} from './turtle-drawing.ts';
import styles from './turtle-view.module.css';

/*
 * What a program drew with turtle (decision 0033), under its printed output: an SVG that fits the
 * panel, drawn line by line at the turtle's speed (at once for speed(0), tracer(0) and reduced
 * motion), read out as a sentence, and saved as SVG or PNG.
 */

/** One shape of a drawing's scene as SVG (also the small pictures of a picture checkpoint). */
export function ShapeView({ shape }: { shape: Shape }) {
  switch (shape.kind) {
    case 'line':
      return (
        <line
          x1={shape.x1}
          y1={shape.y1}
          x2={shape.x2}
          y2={shape.y2}
          stroke={shape.stroke}
          strokeWidth={shape.width}
          strokeLinecap="round"
        />
      );
    case 'polygon':
      return <polygon points={shape.points} fill={shape.fill} stroke={shape.stroke} />;
    case 'circle':
      return <circle cx={shape.cx} cy={shape.cy} r={shape.r} fill={shape.fill} />;
    case 'text':
      return (
        <text
          x={shape.x}
          y={shape.y}
          fill={shape.fill}
          textAnchor={shape.anchor}
          fontFamily={shape.font}
          fontSize={shape.size}
          fontWeight={shape.weight}
          fontStyle={shape.style}
        >
          {shape.text}
        </text>
      );
  }
}

/** How many of the drawing's shapes are shown, growing each frame at the turtle's speed. */
function useReveal(drawing: Drawing, halted: boolean): number {
  const total = drawing.items.length;
  const [shown, setShown] = useState(0);
  useEffect(() => {
    // Stopped: what is drawn so far stays, and nothing more is added.
    if (halted) return;
    const still =
      drawing.instant ||
      typeof requestAnimationFrame !== 'function' ||
      window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (still) {
      setShown(total);
      return;
    }
    let next = 0;
    let budget = 0;
    let frame = requestAnimationFrame(function step() {
      budget += 1;
      while (next < total) {
        const item = drawing.items[next];
        const cost = item?.k === 'line' ? framesPerLine(item.s) : 0;
        if (cost > budget) break;
        budget -= cost;
        next += 1;
      }
      setShown(next);
      if (next < total) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [drawing, total, halted]);
  return shown;
}

/** The SVG drawn on a canvas at twice its size, for a PNG that stays sharp. */
function savePng(svg: string, width: number, height: number): void {
  const image = new Image();
  image.onload = () => {
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(width * 2);
    canvas.height = Math.ceil(height * 2);
    canvas.getContext('2d')?.drawImage(image, 0, 0, canvas.width, canvas.height);
    canvas.toBlob((blob) => blob && saveFile(blob, 'drawing.png'), 'image/png');
  };
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * The first `shown` shapes of the drawing (with `finished`, the first `shown` finished: a step of
 * Step through), in the view of the whole of it (so nothing moves as it grows), named by what is
 * drawn so far; the turtles once all of it is.
 */
export function DrawingPicture(props: { drawing: Drawing; shown: number; finished?: boolean }) {
  const { drawing, shown, finished = false } = props;
  const scene = useMemo(() => drawingScene(drawing), [drawing]);
  const visible = drawing.items.map((item, i) => (finished ? (item.n ?? 0) < shown : i < shown));
  const done = visible.every(Boolean);
  const description = describeDrawing(
    done ? drawing : { ...drawing, items: drawing.items.filter((_, i) => visible[i]) },
  );
  const [left = '0', top = '0'] = scene.viewBox.split(' ');
  return (
    <svg
      className={styles.picture}
      viewBox={scene.viewBox}
      style={{ maxWidth: `${Math.max(scene.width, 200)}px` }}
      role="img"
      aria-label={description}
    >
      <rect x={left} y={top} width={scene.width} height={scene.height} fill={scene.background} />
      {scene.shapes.map((shape, i) => visible[i] && <ShapeView key={i} shape={shape} />)}
      {done && scene.turtles.map((shape, i) => <ShapeView key={`t${i}`} shape={shape} />)}
    </svg>
  );
}

/** Stop's hold on a drawing as it appears: whether it was pressed, and where to say it moves. */
export interface DrawingAnimation {
  halted: boolean;
  onAnimating(moving: boolean): void;
}

export function TurtleView(props: { drawing: Drawing; animation?: DrawingAnimation | undefined }) {
  const { drawing, animation } = props;
  const halted = animation?.halted ?? false;
  const shown = useReveal(drawing, halted);
  const done = shown >= drawing.items.length;
  const stopped = halted && !done;
  const moving = !done && !halted;
  const onAnimating = animation?.onAnimating;
  useEffect(() => {
    onAnimating?.(moving);
  }, [onAnimating, moving]);
  // A drawing taken away (a new run, Clear) is no longer moving.
  useEffect(() => () => onAnimating?.(false), [onAnimating]);
  const file = () => drawingSvg(drawing);
  const size = () => drawingScene(drawing);
  return (
    <figure className={styles.drawing} data-drawn={done ? 'all' : stopped ? 'stopped' : 'some'}>
      <DrawingPicture drawing={drawing} shown={shown} />
      <figcaption className={styles.caption}>
        {stopped && (
          <span>
            Stopped: {shown.toLocaleString('en-US')} of{' '}
            {drawing.items.length.toLocaleString('en-US')} shapes drawn.{' '}
          </span>
        )}
        {drawing.cut && (
          <span>
            The program drew more than is kept; the first{' '}
            {drawing.items.length.toLocaleString('en-US')} shapes are shown.{' '}
          </span>
        )}
        <Button
          size="sm"
          variant="secondary"
          onClick={() => saveFile(new Blob([file()], { type: 'image/svg+xml' }), 'drawing.svg')}
        >
          Save as SVG
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => savePng(file(), size().width, size().height)}
        >
          Save as PNG
        </Button>
      </figcaption>
    </figure>
  );
}
