import { onThemeChange } from '#client/lib/theme.ts';
import { startAnimationLoop } from './animation-loop.ts';
import { GRADIENT, resolveColors, type Rgb } from './gradient-settings.ts';

const VERTEX = `
attribute vec2 position;
void main() { gl_Position = vec4(position, 0.0, 1.0); }
`;

// Three slowly drifting value-noise fields blend the four colours; cheap enough for phones.
const FRAGMENT = `
precision mediump float;
uniform vec2 resolution;
uniform float time;
uniform vec3 colors[4];
float hash(vec2 p) { return fract(sin(dot(p, vec2(127.1, 311.7))) * 43758.5453); }
float noise(vec2 p) {
  vec2 i = floor(p);
  vec2 f = fract(p);
  vec2 u = f * f * (3.0 - 2.0 * f);
  return mix(mix(hash(i), hash(i + vec2(1.0, 0.0)), u.x),
             mix(hash(i + vec2(0.0, 1.0)), hash(i + vec2(1.0, 1.0)), u.x), u.y);
}
void main() {
  vec2 uv = gl_FragCoord.xy / resolution;
  vec2 p = vec2(uv.x * resolution.x / resolution.y, uv.y);
  float t = time * 0.08;
  float a = noise(p * 1.4 + vec2(t, -t * 0.7));
  float b = noise(p * 1.9 + vec2(-t * 0.8, t * 0.5) + 7.0);
  float c = noise(p * 1.1 + vec2(t * 0.6, t * 0.9) + 13.0);
  vec3 color = colors[0];
  color = mix(color, colors[1], smoothstep(0.2, 0.85, a));
  color = mix(color, colors[2], smoothstep(0.35, 0.9, b) * 0.75);
  color = mix(color, colors[3], smoothstep(0.6, 0.95, c) * 0.45 * uv.y);
  gl_FragColor = vec4(color, 1.0);
}
`;

function compile(gl: WebGLRenderingContext, type: number, source: string): WebGLShader | null {
  const shader = gl.createShader(type);
  if (!shader) return null;
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  return gl.getShaderParameter(shader, gl.COMPILE_STATUS) ? shader : null;
}

/** Compiles, links and selects the gradient's program; null when the GPU refuses any step. */
function linkGradientProgram(gl: WebGLRenderingContext): WebGLProgram | null {
  const vertex = compile(gl, gl.VERTEX_SHADER, VERTEX);
  const fragment = compile(gl, gl.FRAGMENT_SHADER, FRAGMENT);
  const program = gl.createProgram();
  if (!vertex || !fragment || !program) return null;
  gl.attachShader(program, vertex);
  gl.attachShader(program, fragment);
  gl.linkProgram(program);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) return null;
  gl.useProgram(program);
  return program;
}

/** One triangle larger than the viewport, so every pixel runs the fragment shader. */
function bindCoveringTriangle(gl: WebGLRenderingContext, program: WebGLProgram) {
  const buffer = gl.createBuffer();
  gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
  gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 3, -1, -1, 3]), gl.STATIC_DRAW);
  const position = gl.getAttribLocation(program, 'position');
  gl.enableVertexAttribArray(position);
  gl.vertexAttribPointer(position, 2, gl.FLOAT, false, 0, 0);
}

/**
 * Starts the gradient on the canvas. It waits for the CSS colour variables (up to 200 frames, then
 * the defaults), pauses while scrolling and when off screen, and calls `onLoaded` after 3 s.
 * Returns a function that stops it, or null when WebGL cannot draw it (the CSS gradient then stays).
 */
export function startGradient(
  canvas: HTMLCanvasElement,
  onLoaded: () => void,
): (() => void) | null {
  const gl = canvas.getContext('webgl', { antialias: false, alpha: false });
  if (!gl) return null;
  const program = linkGradientProgram(gl);
  if (!program) return null;
  bindCoveringTriangle(gl, program);
  const resolution = gl.getUniformLocation(program, 'resolution');
  const time = gl.getUniformLocation(program, 'time');
  const colorsAt = gl.getUniformLocation(program, 'colors');

  let colors: Rgb[] | null = null;
  let waited = 0;
  let elapsed = 0;

  const resize = () => {
    // A soft gradient loses nothing at half resolution, and costs a quarter of the pixels.
    const scale = 0.5;
    const width = Math.max(1, Math.round(canvas.clientWidth * scale));
    const height = Math.max(1, Math.round(GRADIENT.heightPx * scale));
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    gl.viewport(0, 0, width, height);
    gl.uniform2f(resolution, width, height);
  };
  resize();
  window.addEventListener('resize', resize);

  const draw = () => {
    gl.uniform1f(time, elapsed);
    gl.drawArrays(gl.TRIANGLES, 0, 3);
  };

  const readColors = () => {
    const style = getComputedStyle(canvas);
    colors = resolveColors(
      GRADIENT.colorVariables.map((name) => style.getPropertyValue(name)),
      waited,
    );
    if (colors) gl.uniform3fv(colorsAt, colors.flat());
  };

  let waitHandle: number | null = null;
  const waitForColors = () => {
    waitHandle = null;
    readColors();
    if (colors) draw();
    else {
      waited += 1;
      waitHandle = requestAnimationFrame(waitForColors);
    }
  };
  waitForColors();
  // The colours follow the theme (decision 0018): read them again when it changes.
  const stopWatchingTheme = onThemeChange(() => {
    readColors();
    if (colors) draw();
  });

  const stopLoop = startAnimationLoop({
    element: canvas,
    scrollResumeDelayMs: GRADIENT.scrollResumeDelayMs,
    frame(seconds) {
      if (!colors) return;
      elapsed += seconds;
      draw();
    },
  });
  const loadedTimer = setTimeout(onLoaded, GRADIENT.loadedAfterMs);

  return () => {
    stopWatchingTheme();
    stopLoop();
    clearTimeout(loadedTimer);
    if (waitHandle !== null) cancelAnimationFrame(waitHandle);
    window.removeEventListener('resize', resize);
  };
}
