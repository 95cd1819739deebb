import { useEffect, useRef, useState } from 'react';
import { afterFirstPaint, webglAvailable } from './after-first-paint.ts';
import { GRADIENT } from './gradient-settings.ts';
import styles from './home.module.css';

/**
 * The hero's animated gradient background. The pre-rendered page shows a CSS gradient of the same
 * colours; the WebGL version is fetched after the first paint and fades in once its parent is marked
 * loaded (SPEC 9: after 3 s).
 */
export function GradientBackground() {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    const cancelWait = afterFirstPaint(() => {
      if (!webglAvailable()) return;
      void import('./gradient-renderer.ts').then(({ startGradient }) => {
        if (cancelled || !canvas.current) return;
        stop = startGradient(canvas.current, () => setLoaded(true));
      });
    });
    return () => {
      cancelled = true;
      cancelWait();
      stop?.();
    };
  }, []);

  return (
    <div className={styles.gradient} data-loaded={loaded ? 'true' : 'false'} aria-hidden="true">
      <canvas ref={canvas} className={styles.gradientCanvas} height={GRADIENT.heightPx} />
      <ul className={styles.legend}>
        {GRADIENT.colorVariables.map((name, i) => (
          <li key={name}>
            <span className={styles.swatch} style={{ background: `var(${name})` }} />
            {['Night', 'Indigo', 'Violet', 'Gold'][i]}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The rotating globe. A drawn globe (SVG) is in the pre-rendered page and stays when WebGL is missing;
 * the `cobe` globe replaces it after the first paint.
 */
export function Globe() {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [live, setLive] = useState(false);

  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    const cancelWait = afterFirstPaint(() => {
      if (!webglAvailable()) return;
      void import('./globe-renderer.ts').then(({ startGlobe }) => {
        if (cancelled || !canvas.current) return;
        stop = startGlobe(canvas.current);
        setLive(true);
      });
    });
    return () => {
      cancelled = true;
      cancelWait();
      stop?.();
    };
  }, []);

  return (
    <div className={styles.globe} data-live={live ? 'true' : 'false'} aria-hidden="true">
      <StaticGlobe />
      <canvas ref={canvas} className={styles.globeCanvas} width={600} height={600} />
    </div>
  );
}

/** The still picture: a shaded sphere with dotted land masses. Drawn for this site. */
function StaticGlobe() {
  return (
    <svg className={styles.staticGlobe} viewBox="0 0 600 600" role="presentation">
      <defs>
        <radialGradient id="globe-shade" cx="40%" cy="35%" r="70%">
          <stop offset="0%" stopColor="#3442b8" />
          <stop offset="100%" stopColor="#12163a" />
        </radialGradient>
        <pattern id="globe-dots" width="14" height="14" patternUnits="userSpaceOnUse">
          <circle cx="7" cy="7" r="3" fill="#c9cdff" fillOpacity="0.85" />
        </pattern>
        <clipPath id="globe-clip">
          <circle cx="300" cy="300" r="270" />
        </clipPath>
      </defs>
      <circle cx="300" cy="300" r="270" fill="url(#globe-shade)" />
      <g clipPath="url(#globe-clip)" fill="url(#globe-dots)">
        <path d="M90 150c40-50 120-70 170-40 30 20 10 60 40 80s20 70-30 80-60 60-100 40-40-70-80-90-30-40 0-70z" />
        <path d="M330 90c50-20 130 0 170 40s20 80-20 90-40 50-90 40-40-40-70-60-30-90 10-110z" />
        <path d="M250 330c40-10 90 10 100 50s-10 90-40 120-50 40-60 0-30-70-20-110 0-55 20-60z" />
        <path d="M420 330c30 0 60 20 60 50s-30 40-60 30-30-80 0-80z" />
      </g>
      <circle cx="300" cy="300" r="272" fill="none" stroke="#7c86ff" strokeOpacity="0.35" />
    </svg>
  );
}
