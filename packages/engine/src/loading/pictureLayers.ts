import { DataArrayTexture, LinearFilter, LinearMipmapLinearFilter, RGBAFormat, SRGBColorSpace, UnsignedByteType, type WebGLRenderer } from 'three';

/** A decoded picture ready for a layer: `size`×`size`, already flipped for WebGL (ImageBitmap or canvas). */
export type LayerImage = ImageBitmap | HTMLCanvasElement | OffscreenCanvas;
/**
 * What a decode gives: the image, or its whole mip chain (`size`, `size/2`, … 1 px), made where
 * the image was decoded. A chain is uploaded level by level and needs no `generateMipmap`, which
 * redoes every layer of the page on the GPU: about 0.5 s per flush of a 10-layer 1024 px page
 * under SwiftShader, on every frame that brings an image.
 */
export type LayerImages = LayerImage | readonly LayerImage[];

export interface PictureLayersOptions {
  /** Layer edge in pixels for pages made from now on (the quality preset's picture size). */
  layerSize(): number;
  /** Decodes `uri` stretched to `size`×`size` (the plane restores the aspect). Rejects on failure. */
  decode(uri: string, size: number): Promise<LayerImages>;
  /** What a failed image shows, at `size`×`size`. */
  failed?(size: number): Promise<LayerImages | null>;
  /** GPU memory one page may take (default 256 MB); pages hold as many layers as fit, at most 256. */
  pageBytes?: number;
  /** An image arrived or failed (to ask for a frame). */
  changed?(): void;
}

/** `loading` draws a neutral card, `shown` its layer (the image, or the failure placeholder), `blank` the card for good. */
export type SlotState = 'loading' | 'shown' | 'blank';

/** One image's place: a layer of one page, shared by every picture showing that image. */
export interface LayerSlot {
  readonly uri: string;
  readonly page: LayerPage;
  readonly layer: number;
  state: SlotState;
  /** Why the image failed to load, if it did (the placeholder shows instead). */
  error?: unknown;
  /** Settles (never rejects) once the image is decoded or has failed. */
  readonly settled: Promise<void>;
  refs: number;
}

/**
 * One texture array of pictures: a single sampler that every picture plane in one draw call reads,
 * with a per-instance layer index. Decoded images wait in `#queue` and go to the GPU on the next
 * frame that draws the page (`flush`) with the mip chains they came with; only images without one
 * have the page's mipmaps made on the GPU, once per flush, not per image.
 */
export class LayerPage {
  readonly texture: DataArrayTexture;
  readonly capacity: number;
  readonly size: number;
  #free: number[];
  #queue: { layer: number; levels: readonly LayerImage[] }[] = [];

  constructor(size: number, capacity: number) {
    this.size = size;
    this.capacity = capacity;
    this.#free = Array.from({ length: capacity }, (_, i) => capacity - 1 - i);
    // No CPU copy of the pixels: storage is allocated on the GPU and filled layer by layer.
    const t = this.texture = new DataArrayTexture(null, size, size, capacity);
    t.format = RGBAFormat;
    t.type = UnsignedByteType;
    t.colorSpace = SRGBColorSpace;
    t.magFilter = LinearFilter;
    t.minFilter = LinearMipmapLinearFilter;
    t.generateMipmaps = true;
    t.mipmapsAutoUpdate = false;
    t.flipY = false;
    t.source.dataReady = false;
    t.needsUpdate = true;
    t.name = 'pictures:layers';
  }

  get used(): number { return this.capacity - this.#free.length; }
  get full(): boolean { return this.#free.length === 0; }
  take(): number { return this.#free.pop()!; }
  give(layer: number): void { this.#free.push(layer); }
  get pending(): number { return this.#queue.length; }

  enqueue(layer: number, images: LayerImages): void {
    this.#queue.push({ layer, levels: levelsOf(images) });
  }

  /**
   * Uploads the decoded images into their layers, each with the mip levels it came with; the GPU
   * makes the page's mipmaps (once for all) only when an image came without them. Straight
   * texSubImage3D through three's state cache: `copyTextureToTexture` reads five unpack parameters
   * back per call, and each read stalls until the GPU has caught up. The images are in CPU memory
   * (see `decodeLayerImage`), so an upload is a copy, not a wait.
   */
  flush(renderer: WebGLRenderer): void {
    if (this.#queue.length === 0) return;
    const jobs = this.#queue;
    this.#queue = [];
    renderer.initTexture(this.texture);
    const gl = renderer.getContext() as WebGL2RenderingContext;
    const { state } = renderer;
    state.activeTexture(gl.TEXTURE0);
    state.bindTexture(gl.TEXTURE_2D_ARRAY, (renderer.properties.get(this.texture) as { __webglTexture: WebGLTexture }).__webglTexture);
    state.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
    state.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
    state.pixelStorei(gl.UNPACK_ALIGNMENT, 4);
    let generate = false;
    for (const { layer, levels } of jobs) {
      levels.forEach((image, level) => {
        gl.texSubImage3D(gl.TEXTURE_2D_ARRAY, level, 0, 0, layer, image.width, image.height, 1, gl.RGBA, gl.UNSIGNED_BYTE, image as TexImageSource);
        closeImage(image);
      });
      if (levels.length < mipLevels(this.size)) generate = true;
    }
    if (generate) gl.generateMipmap(gl.TEXTURE_2D_ARRAY);
    state.unbindTexture();
  }

  dispose(): void {
    for (const { levels } of this.#queue) levels.forEach(closeImage);
    this.#queue = [];
    this.texture.dispose();
  }
}

/** Mip levels of a `size`×`size` layer down to 1 px (what three allocates for the page). */
export function mipLevels(size: number): number {
  return Math.floor(Math.log2(size)) + 1;
}

/** Layers per page: as many as fit `bytes` with their mipmaps, within WebGL 2's guaranteed 256. */
export function layersPerPage(size: number, bytes: number): number {
  return Math.max(1, Math.min(256, Math.floor(bytes / (size * size * 4 * (4 / 3)))));
}

/**
 * Every distinct picture image of the loaded scene, decoded once into a layer of a texture array
 * (pages of up to `layersPerPage`), so 200 different pictures are a few draw calls instead of 200.
 * Images are reference-counted by the picture batches that show them: a rebuilt batch finds its
 * images already there (no reload), and a layer no picture uses any more is given to the next image.
 */
export class PictureLayers {
  #o: PictureLayersOptions;
  #slots = new Map<string, LayerSlot>();
  #pages: LayerPage[] = [];
  #trimQueued = false;
  /** Decodes started, for tests (an image is decoded once however often its batch is rebuilt). */
  decodes = 0;

  constructor(options: PictureLayersOptions) {
    this.#o = options;
  }

  get pages(): readonly LayerPage[] { return this.#pages; }

  /**
   * Slots for `uris` (one per distinct uri), each referenced once more. New images fill free layers
   * of existing pages first, then new pages sized for what is left, so a scene loaded at once packs tight.
   */
  acquire(uris: readonly string[]): Map<string, LayerSlot> {
    const out = new Map<string, LayerSlot>();
    const fresh = [...new Set(uris)].filter((u) => !this.#slots.has(u));
    let remaining = fresh.length;
    for (const uri of new Set(uris)) {
      let slot = this.#slots.get(uri);
      if (!slot) {
        slot = this.#allocate(uri, remaining--);
        this.#slots.set(uri, slot);
      }
      slot.refs++;
      out.set(uri, slot);
    }
    return out;
  }

  /**
   * Drops one reference per slot. A layer no batch uses is freed after the current task, not at
   * once: an edit disposes the pictures batch and builds it again in the same task, and the new
   * build finds every image it still shows in place.
   */
  release(slots: Iterable<LayerSlot>): void {
    let idle = false;
    for (const slot of slots) if (--slot.refs <= 0) idle = true;
    if (idle && !this.#trimQueued) {
      this.#trimQueued = true;
      queueMicrotask(() => this.#trim());
    }
  }

  #trim(): void {
    this.#trimQueued = false;
    for (const slot of [...this.#slots.values()]) {
      if (slot.refs > 0) continue;
      this.#slots.delete(slot.uri);
      slot.page.give(slot.layer);
    }
    for (const page of this.#pages.filter((p) => p.used === 0)) page.dispose();
    this.#pages = this.#pages.filter((p) => p.used > 0);
  }

  /** Frees every page (a new document is coming or the engine unloads). */
  clear(): void {
    this.#pages.forEach((p) => p.dispose());
    this.#pages = [];
    this.#slots.clear();
  }

  #allocate(uri: string, wanted: number): LayerSlot {
    let page = this.#pages.find((p) => !p.full && p.size === this.#o.layerSize());
    if (!page) {
      const size = this.#o.layerSize();
      page = new LayerPage(size, Math.min(layersPerPage(size, this.#o.pageBytes ?? 256 * 2 ** 20), Math.max(1, wanted)));
      this.#pages.push(page);
    }
    const p = page;
    const layer = p.take();
    this.decodes++;
    const slot: LayerSlot = {
      uri, page: p, layer, state: 'loading', refs: 0,
      settled: this.#o.decode(uri, p.size).then(
        (image) => {
          if (this.#slots.get(uri) !== slot) return closeImages(image);
          p.enqueue(layer, image);
          slot.state = 'shown';
        },
        async (err: unknown) => {
          slot.error = err;
          const image = await this.#o.failed?.(p.size).catch(() => null);
          if (image && this.#slots.get(uri) === slot) { p.enqueue(layer, image); slot.state = 'shown'; } else slot.state = 'blank';
        },
      ).finally(() => this.#o.changed?.()),
    };
    return slot;
  }
}

function levelsOf(images: LayerImages): readonly LayerImage[] {
  return Array.isArray(images) ? images : [images as LayerImage];
}

function closeImages(images: LayerImages): void {
  levelsOf(images).forEach(closeImage);
}

function closeImage(image: LayerImage): void {
  if ('close' in image && typeof image.close === 'function') image.close();
}
