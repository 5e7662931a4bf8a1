import { ACESFilmicToneMapping, SRGBColorSpace, type ToneMapping, type WebGLRenderer } from 'three';

/**
 * How every frame is turned into screen colour. ACES filmic rolls bright sky, windows and lamps off
 * smoothly instead of clipping them, and darkens mid-tones slightly, which is what makes an interior
 * read as lit rather than flat. One place sets it, so the viewer, editor and thumbnails agree.
 */
export const RENDER_LOOK: { toneMapping: ToneMapping; exposure: number } = { toneMapping: ACESFilmicToneMapping, exposure: 1.0 };

export function applyRenderLook(renderer: Pick<WebGLRenderer, 'outputColorSpace' | 'toneMapping' | 'toneMappingExposure'>): void {
  renderer.outputColorSpace = SRGBColorSpace;
  renderer.toneMapping = RENDER_LOOK.toneMapping;
  renderer.toneMappingExposure = RENDER_LOOK.exposure;
}
