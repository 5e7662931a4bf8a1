import { HOME_HERO_IMAGE } from '@atrium/shared/homeHero';

// One place that maps illustration names to image files, so engine renders can replace the SVGs
// later by changing this map only.
const files = import.meta.glob<string>('../assets/art/*.{svg,png,webp,jpg}', { eager: true, query: '?url', import: 'default' });

const byName: Record<string, string> = {};
for (const [path, url] of Object.entries(files)) {
  const name = path.split('/').pop()!.replace(/\.\w+$/, '');
  byName[name] = url;
}
// The home hero's picture lives in public/ at a fixed address: the server's HTML shows it before any
// script runs, and this copy then comes from the browser's cache.
byName.gallery = HOME_HERO_IMAGE.src;

export type IllustrationName =
  | 'gallery'
  | 'museum'
  | 'classroom'
  | 'showroom'
  | 'events'
  | 'studio'
  | 'loft'
  | 'pavilion'
  | 'meeting'
  | 'library'
  | 'launch'
  | 'empty-room';

export function Illustration({
  name,
  alt,
  className,
  eager = false,
}: {
  name: IllustrationName;
  alt: string;
  className?: string;
  eager?: boolean;
}) {
  return (
    <img
      src={byName[name]}
      alt={alt}
      width={800}
      height={600}
      className={className}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      style={{ height: 'auto', display: 'block' }}
    />
  );
}
