import type { IllustrationName } from '../components/Illustration.tsx';
import type { SolutionSlug } from '../layout/nav.ts';

// Marketing copy for the eight solution pages (spec §2 Solutions), all rendered by one template.
export interface SolutionContent {
  title: string;
  lead: string;
  hero: IllustrationName;
  grid: { title: string; text: string }[];
  cards: { title: string; text: string; image: IllustrationName }[];
  cta: string;
}

export const SOLUTIONS: Record<SolutionSlug, SolutionContent> = {
  'retail-and-ecommerce': {
    title: 'A store that is open to the whole world',
    lead: 'Turn your catalogue into a showroom shoppers walk through. Place products on shelves and pedestals, link each one to its product page, and launch new collections without renting a square metre.',
    hero: 'showroom',
    grid: [
      { title: 'Shoppable products', text: 'Every 3D model or picture can link straight to its product page or checkout.' },
      { title: 'Seasonal refreshes', text: 'Duplicate a space and restyle it for the next collection in an afternoon.' },
      { title: 'Guided tours', text: 'Walk customers past your best sellers with a story path.' },
      { title: 'Embed on your shop', text: 'Put the showroom on your own product pages with one snippet.' },
    ],
    cards: [
      { title: 'Flagship showroom', text: 'Present the full range the way your designers imagined it.', image: 'showroom' },
      { title: 'Product launches', text: 'Reveal a new product on a spotlit stage with a countdown to the doors opening.', image: 'launch' },
      { title: 'Pop-up events', text: 'Invite customers to a live opening with chat and emotes.', image: 'events' },
    ],
    cta: 'Open your 3D store this week',
  },
  'museums-and-galleries': {
    title: 'Your collection, open after hours',
    lead: 'Hang paintings, place sculptures and tell the story behind every piece. Visitors from anywhere explore at their own pace, and your exhibitions live on after they close.',
    hero: 'museum',
    grid: [
      { title: 'Faithful display', text: 'High-resolution images and 3D scans keep every detail.' },
      { title: 'Curated paths', text: 'Story paths lead visitors through rooms in the order you intend.' },
      { title: 'Archive every show', text: 'Past exhibitions stay online as spaces anyone can revisit.' },
      { title: 'Accessible by default', text: 'No downloads, works on ordinary phones and school computers.' },
    ],
    cards: [
      { title: 'Permanent collection', text: 'A digital wing that complements your building.', image: 'museum' },
      { title: 'Temporary exhibitions', text: 'Start from a premade white cube and open in days.', image: 'gallery' },
      { title: 'Education programmes', text: 'Guided visits for classes who cannot travel to you.', image: 'classroom' },
    ],
    cta: 'Bring your collection online',
  },
  'events-and-live-shows': {
    title: 'Events people remember walking into',
    lead: 'Host openings, fairs, talks and screenings in a venue that fits everyone. Visitors meet, chat and react together, then keep exploring long after the show.',
    hero: 'events',
    grid: [
      { title: 'Live together', text: 'Up to 25 people interact in real time per space instance.' },
      { title: 'Stage and screens', text: 'Play videos and live web views on walls your audience gathers around.' },
      { title: 'Booths and rooms', text: 'Give every exhibitor a room connected by portals.' },
      { title: 'Private or public', text: 'Sell access through invitations or open the doors to all.' },
    ],
    cards: [
      { title: 'Conferences', text: 'Keynote hall, breakout rooms and a lobby to meet in.', image: 'events' },
      { title: 'Trade fairs', text: 'Exhibitor booths your visitors browse like a real floor.', image: 'showroom' },
      { title: 'Openings', text: 'Celebrate a launch with guests from every time zone.', image: 'launch' },
    ],
    cta: 'Plan your next event in 3D',
  },
  'edtech-and-learning': {
    title: 'Lessons students can explore',
    lead: 'Build classrooms, labs and historical sites that students move through themselves. Attach videos, texts and quizzes where they belong, and let curiosity set the pace.',
    hero: 'classroom',
    grid: [
      { title: 'Learning by exploring', text: 'Students discover content in space instead of scrolling a page.' },
      { title: 'Any subject', text: 'History walks, science stations, language corners, art rooms.' },
      { title: 'Class-safe sharing', text: 'Restrict a space to your class groups.' },
      { title: 'Works on school devices', text: 'A browser is all a student needs.' },
    ],
    cards: [
      { title: 'Virtual classrooms', text: 'A room for every unit, with material on the walls.', image: 'classroom' },
      { title: 'Study spaces', text: 'Libraries of resources students return to before exams.', image: 'library' },
      { title: 'Field trips', text: 'Visit a museum or a site that is out of reach.', image: 'museum' },
    ],
    cta: 'Build your first learning space',
  },
  'corporate-training': {
    title: 'Training your teams actually attend',
    lead: 'Onboard new staff, rehearse procedures and share knowledge in spaces that look like your workplace. Walk people through step by step and measure who has visited.',
    hero: 'meeting',
    grid: [
      { title: 'Onboarding tours', text: 'A guided path through the company, its people and its places.' },
      { title: 'Procedure walk-throughs', text: 'Show each step where it happens, with video and documents attached.' },
      { title: 'Private by design', text: 'Limit spaces to staff groups and control who can talk.' },
      { title: 'Reusable modules', text: 'Duplicate a training room for every team or language.' },
    ],
    cards: [
      { title: 'Onboarding', text: 'Welcome new hires to a campus they can explore on day one.', image: 'meeting' },
      { title: 'Knowledge base', text: 'Gather manuals and videos in one room everyone knows.', image: 'library' },
      { title: 'Town halls', text: 'Bring distributed teams together in one hall.', image: 'events' },
    ],
    cta: 'Design a training space for your team',
  },
  'art-and-creative-work': {
    title: 'The exhibition you imagine, not the one a venue allows',
    lead: 'Show paintings, photography, sculpture and digital art in rooms you design yourself. Choose the light, the walls and the route, then share one link with collectors and fans.',
    hero: 'studio',
    grid: [
      { title: 'Your walls, your rules', text: 'Tint surfaces, pick materials and set the sky and sound.' },
      { title: 'Every medium', text: 'Images, video, audio, 3D models and hypertext side by side.' },
      { title: 'A portfolio that travels', text: 'Embed a show on your website or send it to a gallery.' },
      { title: 'Meet your audience', text: 'Be there on opening night and greet visitors in person.' },
    ],
    cards: [
      { title: 'Solo shows', text: 'A gallery that fits your work, not the other way round.', image: 'gallery' },
      { title: 'Open studio', text: 'Let people see the work in progress.', image: 'studio' },
      { title: 'Collectives', text: 'Share a district with the artists you exhibit with.', image: 'loft' },
    ],
    cta: 'Open your own gallery',
  },
  'marketing-and-brands': {
    title: 'Campaigns people step inside',
    lead: 'Give your brand a place, not just a page. Launch products on a stage, tell your story room by room and let your audience share the experience with one link.',
    hero: 'launch',
    grid: [
      { title: 'Branded districts', text: 'Your own subdomain, fonts, colours and logo.' },
      { title: 'Story paths', text: 'Lead visitors through your story in the order it works best.' },
      { title: 'Shareable everywhere', text: 'Links and embeds for social posts, newsletters and your site.' },
      { title: 'Visitor insight', text: 'Likes, views and comments show what resonates.' },
    ],
    cards: [
      { title: 'Product reveals', text: 'A spotlit stage for the moment that matters.', image: 'launch' },
      { title: 'Brand worlds', text: 'A loft, a pavilion or a flagship in your own style.', image: 'pavilion' },
      { title: 'Experiential retail', text: 'Turn browsing into a visit.', image: 'showroom' },
    ],
    cta: 'Build a brand space that gets shared',
  },
  'learning-and-training': {
    title: 'Knowledge with a place to live',
    lead: 'Courses, workshops and self-study material arranged in rooms learners can return to. Combine video, text and 3D models and guide learners from the basics to mastery.',
    hero: 'library',
    grid: [
      { title: 'Structured journeys', text: 'Paths turn a set of rooms into a course.' },
      { title: 'Blended learning', text: 'Use the same space in a live session and for self-study.' },
      { title: 'Groups and invitations', text: 'Give each cohort its own access.' },
      { title: 'Always up to date', text: 'Edit a space once and every learner sees the change.' },
    ],
    cards: [
      { title: 'Course hubs', text: 'One room per module with everything learners need.', image: 'library' },
      { title: 'Workshops', text: 'Meet live around a shared screen.', image: 'meeting' },
      { title: 'Exhibitions of work', text: 'Show what learners have made at the end of a course.', image: 'gallery' },
    ],
    cta: 'Create a learning space today',
  },
};

export const DIGITAL_TRANSFORMATION: SolutionContent = {
  title: 'Digital transformation you can walk through',
  lead: 'Move exhibitions, showrooms, training and events online without losing what made them work in person: the sense of place, the route through a room, the people you meet there.',
  hero: 'pavilion',
  grid: [
    { title: 'Start from what you have', text: 'Photos, videos, floor plans and 3D scans become the raw material of your space.' },
    { title: 'Migrate existing spaces', text: 'Coming from another 3D platform? We help you bring your content across.' },
    { title: 'One platform, many uses', text: 'The same editor serves marketing, learning, culture and events teams.' },
    { title: 'Grow at your pace', text: 'Begin with one free slot and add slots, districts and members as you need them.' },
  ],
  cards: [
    { title: 'Culture', text: 'Collections and archives available to anyone, any time.', image: 'museum' },
    { title: 'Commerce', text: 'Showrooms that sell while the shop is closed.', image: 'showroom' },
    { title: 'Learning', text: 'Courses and training that people explore, not just watch.', image: 'classroom' },
  ],
  cta: 'Talk to us about your transformation',
};
