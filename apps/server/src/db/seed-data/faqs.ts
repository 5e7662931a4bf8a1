// Demo FAQ content for a fresh install; editors can change it in the database afterwards.
export const demoFaqs = [
  {
    slug: 'what-is-atrium',
    category: 'general',
    question: 'What is Atrium?',
    answer:
      'Atrium is a no-code platform for building interactive 3D spaces in your browser. Pick a premade space or draw your own rooms, fill them with pictures, videos, 3D models and text, then publish and share a link anyone can walk through — no downloads, no plug-ins.',
  },
  {
    slug: 'do-i-need-3d-skills',
    category: 'general',
    question: 'Do I need 3D or coding skills?',
    answer:
      'No. The editor works like arranging a room: choose a template, drag content onto walls and floors, and style surfaces with a click. Most people publish their first space in under ten minutes.',
  },
  {
    slug: 'what-devices',
    category: 'visiting',
    question: 'Which devices can visit a space?',
    answer:
      'Any modern browser on a laptop, desktop, tablet or phone. Visitors walk with the keyboard and mouse, or with an on-screen joystick on touch screens. Graphics quality adapts to the device and can be changed in the viewer settings.',
  },
  {
    slug: 'how-many-visitors',
    category: 'visiting',
    question: 'How many people can be in a space at once?',
    answer:
      'Up to 25 visitors share one live instance, where they see each other, chat and use emotes. When an instance is full, the next visitors get a fresh one, so there is no limit on how many people can explore.',
  },
  {
    slug: 'what-can-i-upload',
    category: 'creating',
    question: 'What content can I bring in?',
    answer:
      'Pictures (JPG, PNG, WebP), videos (MP4, WebM, Ogg, MOV) or YouTube links, audio (MP3, WAV, Ogg), 3D models (glTF, GLB, OBJ or a zip of them), 3D text, hypertext links and web views. Every upload is optimised for the web automatically.',
  },
  {
    slug: 'free-trial',
    category: 'pricing',
    question: 'Is there a free plan?',
    answer:
      'Yes. Every account starts with a one-month Starter Trial: one publishing slot and up to two draft projects. Keeping the slot afterwards costs 600 credits, and purchased slots never expire.',
  },
  {
    slug: 'what-is-a-district',
    category: 'pricing',
    question: 'What is a district?',
    answer:
      'A district is your own branded area of Atrium on its own subdomain, with your colours, logo, members and spaces. Districts come with the Pro plan, which includes four space slots and one free premade space.',
  },
  {
    slug: 'private-spaces',
    category: 'creating',
    question: 'Can I control who sees my space?',
    answer:
      'With a Standard or Pro plan you can limit a published space to chosen people or groups, and decide who may chat inside it. Anyone without access sees a polite access-denied page instead.',
  },
  {
    slug: 'embed',
    category: 'sharing',
    question: 'Can I embed a space in my website?',
    answer:
      'Yes. The Share panel gives you a ready-made iframe snippet. You choose whether the embedded viewer shows the sign-in button and the chat.',
  },
];
