import { PRODUCT_NAME } from './constants.ts';
import { HOME_HERO_IMAGE } from './homeHero.ts';

// Per-route title/description/Open Graph data (spec §2). The server injects it into index.html for
// crawlers; the web app applies the same values on client-side navigation.
export interface RouteMeta {
  title: string;
  description: string;
  image?: string;
  noindex?: boolean;
  /**
   * The page's visible heading and lead, served inside #root so a crawler without JavaScript reads the
   * page (React replaces it on start). Only pages whose heading is known have one; they must say what
   * the web page's own <h1> says (e2e/web-prerender.e2e.ts compares them).
   */
  heading?: string;
  summary?: string;
  /** Sanitised HTML served under the summary (an article's body), for the same crawlers. */
  bodyHtml?: string;
  /**
   * The page's largest picture above the fold, served with the heading so it paints before any script
   * runs (Largest Contentful Paint). The web page shows the same file at the same size, so the browser
   * reuses it and React's copy is never a larger paint.
   */
  heroImage?: { src: string; alt: string; width: number; height: number };
}

export { HOME_HERO_IMAGE };

const DEFAULT_IMAGE = '/og-image.png';

const defaults: RouteMeta = {
  title: `${PRODUCT_NAME} — build, publish and visit 3D spaces on the web`,
  description:
    'Atrium is a no-code platform for building interactive 3D spaces, publishing them and sharing them with anyone through a browser.',
  image: DEFAULT_IMAGE,
};

const page = (label: string, heading: string, lead: string): RouteMeta => ({
  title: `${label} | ${PRODUCT_NAME}`,
  description: lead,
  image: DEFAULT_IMAGE,
  heading,
  summary: lead,
});

/** Spec §2 solution pages (one template each, copy from the web's content/solutions.ts) and the page built on it. */
const solutionPages: Record<string, RouteMeta> = {
  '/solutions/retail-and-ecommerce': page(
    'Retail & E-commerce',
    'A store that is open to the whole world',
    'Turn your catalogue into a showroom shoppers walk through. Place products on shelves and pedestals, link each one to its product page, and launch new collections without renting a square metre.',
  ),
  '/solutions/marketing-and-brands': page(
    'Marketing & Brands',
    'Campaigns people step inside',
    'Give your brand a place, not just a page. Launch products on a stage, tell your story room by room and let your audience share the experience with one link.',
  ),
  '/solutions/museums-and-galleries': page(
    'Museums & Galleries',
    'Your collection, open after hours',
    'Hang paintings, place sculptures and tell the story behind every piece. Visitors from anywhere explore at their own pace, and your exhibitions live on after they close.',
  ),
  '/solutions/art-and-creative-work': page(
    'Art & Creative Work',
    'The exhibition you imagine, not the one a venue allows',
    'Show paintings, photography, sculpture and digital art in rooms you design yourself. Choose the light, the walls and the route, then share one link with collectors and fans.',
  ),
  '/solutions/events-and-live-shows': page(
    'Events & Live Shows',
    'Events people remember walking into',
    'Host openings, fairs, talks and screenings in a venue that fits everyone. Visitors meet, chat and react together, then keep exploring long after the show.',
  ),
  '/solutions/corporate-training': page(
    'Corporate Training',
    'Training your teams actually attend',
    'Onboard new staff, rehearse procedures and share knowledge in spaces that look like your workplace. Walk people through step by step and measure who has visited.',
  ),
  '/solutions/edtech-and-learning': page(
    'EdTech & Learning',
    'Lessons students can explore',
    'Build classrooms, labs and historical sites that students move through themselves. Attach videos, texts and quizzes where they belong, and let curiosity set the pace.',
  ),
  '/solutions/learning-and-training': page(
    'Learning & Training',
    'Knowledge with a place to live',
    'Courses, workshops and self-study material arranged in rooms learners can return to. Combine video, text and 3D models and guide learners from the basics to mastery.',
  ),
  '/digital-transformation': page(
    'Digital transformation',
    'Digital transformation you can walk through',
    'Move exhibitions, showrooms, training and events online without losing what made them work in person: the sense of place, the route through a room, the people you meet there.',
  ),
};

const byPath: Record<string, RouteMeta> = {
  '/': {
    ...defaults,
    heading: 'Build 3D spaces people want to walk into',
    summary:
      'Design a gallery, showroom, classroom or event hall in your browser, fill it with images, video and 3D models, and share it with a link. No downloads, no code.',
    heroImage: HOME_HERO_IMAGE,
  },
  '/explore': {
    title: `Explore 3D spaces | ${PRODUCT_NAME}`,
    description:
      'Walk through virtual galleries, showrooms, classrooms and event halls made by the Atrium community.',
    image: DEFAULT_IMAGE,
    heading: 'Explore',
    summary:
      'Walk through virtual galleries, showrooms, classrooms and event halls made by the Atrium community.',
  },
  '/resources/faqs': {
    title: `FAQs | ${PRODUCT_NAME}`,
    description:
      'Answers to common questions about building, publishing, sharing and paying for Atrium 3D spaces.',
    image: DEFAULT_IMAGE,
    heading: 'FAQs',
    summary: 'Quick answers to the questions we hear most.',
  },
  '/resources/guides': {
    title: `Guides | ${PRODUCT_NAME}`,
    description:
      'Step-by-step guides for designing rooms, adding content, creating story paths and publishing your space.',
    image: DEFAULT_IMAGE,
    heading: 'Guides',
    summary: 'Step-by-step help for every part of the editor, from the first room to the shared link.',
  },
  '/resources/blog': {
    title: `Blog | ${PRODUCT_NAME}`,
    description:
      'News, ideas and stories from museums, schools, brands and event teams building 3D spaces with Atrium.',
    image: DEFAULT_IMAGE,
    heading: 'Blog',
    summary: 'News, ideas and stories from people building 3D spaces with Atrium.',
  },
  '/resources/glossary': {
    title: `Glossary | ${PRODUCT_NAME}`,
    description:
      'The words used in Atrium explained: spaces, drafts, slots, portals, guided tours, districts, credits and more.',
    image: DEFAULT_IMAGE,
    heading: 'Glossary',
    summary: 'The words we use in Atrium, explained.',
  },
  '/resources/whitepaper': {
    title: `White paper: immersive 3D spaces for organisations | ${PRODUCT_NAME}`,
    description:
      'Where browser-based 3D spaces help organisations, how to build and run them without a 3D team, and how to measure them.',
    image: DEFAULT_IMAGE,
  },
  '/resources/video-tutorials': {
    title: `Video tutorials | ${PRODUCT_NAME}`,
    description: 'Short videos that show the Atrium editor and viewer in action.',
    image: DEFAULT_IMAGE,
    heading: 'Video Tutorials',
    summary: 'Short videos that show the editor and viewer in action.',
  },
  '/pricing': {
    title: `Pricing | ${PRODUCT_NAME}`,
    description:
      'Start free with a one-month publishing slot, then choose Standard or Pro for more drafts, slots and districts.',
    image: DEFAULT_IMAGE,
    heading: 'Pricing',
    summary: 'Start free, publish your first space for a month and grow with a plan or credits.',
  },
  '/contact': {
    title: `Contact us | ${PRODUCT_NAME}`,
    description: 'Talk to the Atrium team about sales, technical support or partnerships.',
    image: DEFAULT_IMAGE,
    heading: 'Contact us',
    summary:
      'Questions about sales, technical support or a partnership? Send us a message and the right person will get back to you.',
  },
  '/artsteps-migration': {
    title: `Move from Artsteps | ${PRODUCT_NAME}`,
    description:
      'Bring the pictures, titles and descriptions of your Artsteps galleries into Atrium spaces: what carries over, five steps, and help for large collections.',
    image: DEFAULT_IMAGE,
    heading: 'Move your exhibitions from Artsteps to Atrium',
    summary:
      'Bring the pictures, titles and descriptions of your Artsteps galleries into Atrium spaces you keep editing, publish on your own link and open to up to 25 visitors at a time.',
  },
  '/curate': {
    title: `Editor | ${PRODUCT_NAME}`,
    description:
      'Design a 3D space without code: pick a room, style it, add content, create story paths and publish.',
    image: DEFAULT_IMAGE,
  },
  '/learning': {
    title: `Learning center | ${PRODUCT_NAME}`,
    description: 'Learning material for Atrium creators.',
    noindex: true,
  },
  ...solutionPages,
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
  // Sub-paths inherit their section's tags (editor/{sceneId}, resources/guides/{id}, learning/...), not its
  // heading: the section's heading is not what an unknown article's page says.
  const section = (p: string): RouteMeta => {
    const { heading: _h, summary: _s, ...rest } = byPath[p] as RouteMeta;
    return rest;
  };
  if (path.startsWith('/curate/') || path.startsWith('/editor')) return section('/curate');
  if (path.startsWith('/learning/')) return section('/learning');
  if (path.startsWith('/resources/guides/')) return section('/resources/guides');
  if (path.startsWith('/resources/blog/')) return section('/resources/blog');
  return defaults;
}

/** Public pages that belong in sitemap.xml besides articles (the editor and noindex paths stay out). */
export const SITEMAP_STATIC_PATHS: readonly string[] = [
  ...Object.entries(byPath)
    .filter(([path, meta]) => !meta.noindex && path !== '/curate')
    .map(([path]) => path),
  '/privacy-notice',
  '/terms-of-service',
  '/refund-policy',
  '/security',
];
