import { PRODUCT_NAME } from './constants.ts';

// Per-route title/description/Open Graph data (spec §2). The server injects it into index.html for
// crawlers; the web app applies the same values on client-side navigation.
export interface RouteMeta {
  title: string;
  description: string;
  image?: string;
  noindex?: boolean;
}

const DEFAULT_IMAGE = '/og-image.png';

const defaults: RouteMeta = {
  title: `${PRODUCT_NAME} — build, publish and visit 3D spaces on the web`,
  description:
    'Atrium is a no-code platform for building interactive 3D spaces, publishing them and sharing them with anyone through a browser.',
  image: DEFAULT_IMAGE,
};

const byPath: Record<string, RouteMeta> = {
  '/': defaults,
  '/explore': {
    title: `Explore 3D spaces | ${PRODUCT_NAME}`,
    description: 'Walk through virtual galleries, showrooms, classrooms and event halls made by the Atrium community.',
    image: DEFAULT_IMAGE,
  },
  '/resources/faqs': {
    title: `FAQs | ${PRODUCT_NAME}`,
    description: 'Answers to common questions about building, publishing, sharing and paying for Atrium 3D spaces.',
    image: DEFAULT_IMAGE,
  },
  '/resources/guides': {
    title: `Guides | ${PRODUCT_NAME}`,
    description: 'Step-by-step guides for designing rooms, adding content, creating story paths and publishing your space.',
    image: DEFAULT_IMAGE,
  },
  '/resources/blog': {
    title: `Blog | ${PRODUCT_NAME}`,
    description: 'News, ideas and stories from museums, schools, brands and event teams building 3D spaces with Atrium.',
    image: DEFAULT_IMAGE,
  },
  '/resources/glossary': {
    title: `Glossary | ${PRODUCT_NAME}`,
    description: 'The words used in Atrium explained: spaces, drafts, slots, portals, guided tours, districts, credits and more.',
    image: DEFAULT_IMAGE,
  },
  '/resources/whitepaper': {
    title: `White paper: immersive 3D spaces for organisations | ${PRODUCT_NAME}`,
    description: 'Where browser-based 3D spaces help organisations, how to build and run them without a 3D team, and how to measure them.',
    image: DEFAULT_IMAGE,
  },
  '/resources/video-tutorials': {
    title: `Video tutorials | ${PRODUCT_NAME}`,
    description: 'Short videos that show the Atrium editor and viewer in action.',
    image: DEFAULT_IMAGE,
  },
  '/pricing': {
    title: `Pricing | ${PRODUCT_NAME}`,
    description: 'Start free with a one-month publishing slot, then choose Standard or Pro for more drafts, slots and districts.',
    image: DEFAULT_IMAGE,
  },
  '/contact': {
    title: `Contact us | ${PRODUCT_NAME}`,
    description: 'Talk to the Atrium team about sales, technical support or partnerships.',
    image: DEFAULT_IMAGE,
  },
  '/curate': {
    title: `Editor | ${PRODUCT_NAME}`,
    description: 'Design a 3D space without code: pick a room, style it, add content, create story paths and publish.',
    image: DEFAULT_IMAGE,
  },
  '/learning': {
    title: `Learning center | ${PRODUCT_NAME}`,
    description: 'Learning material for Atrium creators.',
    noindex: true,
  },
};

const normalise = (pathname: string): string => {
  const path = pathname.split(/[?#]/, 1)[0] ?? '/';
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed === '' ? '/' : trimmed.toLowerCase();
};

export function routeMeta(pathname: string): RouteMeta {
  const path = normalise(pathname);
  const exact = byPath[path];
  if (exact) return exact;
  // Sub-paths inherit their section's data (editor/{sceneId}, resources/guides/{id}, learning/...).
  if (path.startsWith('/curate/') || path.startsWith('/editor')) return byPath['/curate'] as RouteMeta;
  if (path.startsWith('/learning/')) return byPath['/learning'] as RouteMeta;
  if (path.startsWith('/resources/guides/')) return byPath['/resources/guides'] as RouteMeta;
  if (path.startsWith('/resources/blog/')) return byPath['/resources/blog'] as RouteMeta;
  return defaults;
}

/** Spec §2 solution pages, one template each. */
const SOLUTION_PATHS = [
  'retail-and-ecommerce',
  'marketing-and-brands',
  'museums-and-galleries',
  'art-and-creative-work',
  'events-and-live-shows',
  'corporate-training',
  'edtech-and-learning',
  'learning-and-training',
].map((s) => `/solutions/${s}`);

/** Public pages that belong in sitemap.xml besides articles (the editor and noindex paths stay out). */
export const SITEMAP_STATIC_PATHS: readonly string[] = [
  ...Object.entries(byPath)
    .filter(([path, meta]) => !meta.noindex && path !== '/curate')
    .map(([path]) => path),
  ...SOLUTION_PATHS,
  '/digital-transformation',
  '/privacy-notice',
  '/terms-of-service',
  '/refund-policy',
  '/security',
];
