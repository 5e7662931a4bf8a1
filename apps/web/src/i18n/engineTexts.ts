import { msg } from './msg.ts';

/** What the 3D engine paints into a scene, in the interface language (read each time it draws). */
export const engineTexts = () => ({ failedToLoadImage: msg.failedToLoadImage });
