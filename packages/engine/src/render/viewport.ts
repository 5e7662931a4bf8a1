import { Plane, Timer, Vector3, WebGLRenderer, type PerspectiveCamera, type Scene } from 'three';
import { CSS3DRenderer } from 'three/examples/jsm/renderers/CSS3DRenderer.js';
import { QUALITY, type QualityPreset } from '../core/quality.ts';
import { applyRenderLook } from './look.ts';
import { RedrawGate } from './redrawGate.ts';

/** What the frame loop asks of the engine each frame. */
export interface FrameHooks {
  quality(): QualityPreset;
  /** Advance cameras, animations and avatars. */
  update(dt: number, t: number): void;
  /**
   * The editor draws on demand, and so does every mode while a space loads (a frame when something
   * arrived or moved, so the GPU's time goes to uploads, compiles and the sky's environment rather
   * than to identical frames); a loaded space in other modes keeps the preset's steady frame rate.
   */
  onDemand(): boolean;
  /** Something moves on its own (video, avatar, travel, model clip): keep drawing. */
  animating(): boolean;
  firstFrame(): void;
  /** A space is loading and something it needs is still on its way: draw at `PREVIEW_SCALE`. */
  preview(): boolean;
}

/**
 * Resolution of the frames a load draws before it is complete (a fraction of the pixel ratio). The
 * first frame with the space is shown within a second, and the complete one, at full resolution,
 * replaces it as soon as everything arrived. Under a software rasterizer (SwiftShader) the GPU
 * process draws a full-size frame in about a third of a second, and everything the load sends
 * after it (texture and picture uploads, the shader status the next frame waits on) queues behind
 * it; a quarter of the pixels is a quarter of that work.
 */
export const PREVIEW_SCALE = 0.5;

/**
 * The canvas and how it is drawn: WebGLRenderer (plus a CSS3D layer once a web view exists), the
 * frame loop with its frame-rate cap and on-demand redraw gate, resizing and the preset's pixel ratio.
 */
export class Viewport {
  readonly renderer: WebGLRenderer;
  readonly redraw = new RedrawGate();
  #container: HTMLElement;
  #scene: Scene;
  #camera: PerspectiveCamera;
  #css: CSS3DRenderer | null = null;
  #resize: ResizeObserver;
  #clock = new Timer();
  #lastFrame = 0;
  #frames = 0;
  #renderScale = 1;
  #pixelRatio = 1;
  #preview = false;
  #targetFps: number | null = null;
  #onDemand = true;
  #afterFrame: (() => void)[] = [];

  constructor(container: HTMLElement, scene: Scene, camera: PerspectiveCamera, antialias: boolean) {
    this.#container = container;
    this.#scene = scene;
    this.#camera = camera;
    this.renderer = new WebGLRenderer({ antialias, powerPreference: 'high-performance' });
    applyRenderLook(this.renderer);
    const canvas = this.renderer.domElement;
    canvas.tabIndex = 0; // focusable so keyboard focus can live "inside the player"
    Object.assign(canvas.style, { display: 'block', width: '100%', height: '100%', outline: 'none', touchAction: 'none' });
    if (getComputedStyle(container).position === 'static') container.style.position = 'relative';
    container.appendChild(canvas);
    this.#resize = new ResizeObserver(() => this.resize());
    this.#resize.observe(container);
    this.resize();
  }

  get canvas(): HTMLCanvasElement {
    return this.renderer.domElement;
  }

  get frames(): number {
    return this.#frames;
  }

  start(hooks: FrameHooks): void {
    this.renderer.setAnimationLoop((time) => this.#frame(time, hooks));
  }

  #frame(timeMs: number, hooks: FrameHooks): void {
    const target = this.#targetFps ?? QUALITY[hooks.quality()].targetFps;
    if (target > 0 && timeMs - this.#lastFrame < 1000 / target - 2) return;
    this.#lastFrame = timeMs;
    this.#clock.update(timeMs);
    hooks.update(Math.min(this.#clock.getDelta(), 0.1), this.#clock.getElapsed());
    const onDemand = this.#onDemand && hooks.onDemand() && this.#frames > 0;
    if (onDemand && !this.redraw.shouldDraw(this.#camera, timeMs, hooks.animating())) return;
    const preview = hooks.preview();
    if (preview !== this.#preview) {
      this.#preview = preview;
      this.#applyPixelRatio();
    }
    // A frame drawn only for a texture or picture arriving (or a camera move) keeps the last shadow
    // map: the sun's depth pass redraws every caster, a large share of a frame on a slow GPU, and
    // a load draws several such frames. Any other render (and every steady frame) updates it.
    const shadows = this.renderer.shadowMap;
    shadows.autoUpdate = !onDemand || this.redraw.sceneChanged;
    this.renderer.render(this.#scene, this.#camera);
    shadows.autoUpdate = true;
    this.#css?.render(this.#scene, this.#camera);
    this.#frames++;
    if (this.#frames === 1) hooks.firstFrame();
    if (this.#afterFrame.length > 0) this.#afterFrame.splice(0).forEach((f) => f());
  }

  /** Runs `f` once the next frame has been drawn (and asks for one in on-demand rendering; whoever changed the scene said so). */
  afterFrame(f: () => void): void {
    this.#afterFrame.push(f);
    this.redraw.refresh();
  }

  /**
   * Compiles the programs of everything in the scene, in view or not, off the frame path
   * (`compileAsync`: in parallel where KHR_parallel_shader_compile exists), so turning round never
   * stalls a frame on a shader. The compiling starts once `after` settles (a load: its `loaded`).
   */
  async compile(after?: Promise<unknown>): Promise<void> {
    await after;
    await this.renderer.compileAsync(this.#scene, this.#camera);
  }

  /** Pixel ratio from the preset, scaled by the viewer's render quality. */
  applyQuality(quality: QualityPreset): void {
    const q = QUALITY[quality];
    this.#pixelRatio = Math.min(typeof devicePixelRatio === 'number' ? devicePixelRatio : 1, q.maxPixelRatio) * this.#renderScale;
    this.#applyPixelRatio();
    this.resize();
  }

  /** Whether the last frame was a load's preview, drawn at `PREVIEW_SCALE`. */
  get previewing(): boolean {
    return this.#preview;
  }

  #applyPixelRatio(): void {
    // The canvas keeps its CSS size; only the drawing buffer changes, so the camera's aspect holds.
    this.renderer.setPixelRatio(this.#pixelRatio * (this.#preview ? PREVIEW_SCALE : 1));
  }

  /** See `Engine.setRenderOptions`. */
  setOptions(options: { renderScale?: number; targetFps?: number | null; onDemand?: boolean }): void {
    if (options.onDemand !== undefined) this.#onDemand = options.onDemand;
    if (options.renderScale !== undefined) this.#renderScale = Math.min(1, Math.max(0.25, options.renderScale));
    if (options.targetFps !== undefined) this.#targetFps = options.targetFps === null ? null : Math.max(0, options.targetFps);
  }

  resize(): void {
    this.redraw.invalidate();
    const w = Math.max(1, this.#container.clientWidth), h = Math.max(1, this.#container.clientHeight);
    this.renderer.setSize(w, h, false);
    this.#css?.setSize(w, h);
    this.#camera.aspect = w / h;
    this.#camera.updateProjectionMatrix();
  }

  /** The layer web views (iframes) are drawn on, made when the first one appears. */
  ensureCss(): void {
    if (this.#css) return;
    this.#css = new CSS3DRenderer();
    Object.assign(this.#css.domElement.style, { position: 'absolute', inset: '0', pointerEvents: 'none', zIndex: '1' });
    this.#container.appendChild(this.#css.domElement);
    this.resize();
  }

  /** Clips everything above `height` (the interior view); null draws everything. */
  setClipHeight(height: number | null): void {
    this.renderer.clippingPlanes = height === null ? [] : [new Plane(new Vector3(0, -1, 0), height)];
    this.redraw.invalidate();
  }

  stats(): { drawCalls: number; triangles: number; frames: number } {
    return { drawCalls: this.renderer.info.render.calls, triangles: this.renderer.info.render.triangles, frames: this.#frames };
  }

  dispose(): void {
    this.renderer.setAnimationLoop(null);
    this.#resize.disconnect();
    this.#css?.domElement.remove();
    this.renderer.dispose();
    this.renderer.forceContextLoss();
    this.renderer.domElement.remove();
  }
}
