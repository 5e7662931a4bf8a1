import {
  IconBrandFacebook, IconBrandLinkedin, IconBrandReddit, IconBrandViber, IconBrandWhatsapp, IconBrandX, IconMail,
} from '@tabler/icons-react';
import type { ShareTarget } from '@atrium/shared/share/links';

const icons = {
  Facebook: IconBrandFacebook,
  X: IconBrandX,
  Reddit: IconBrandReddit,
  WhatsApp: IconBrandWhatsapp,
  Viber: IconBrandViber,
  'E-mail': IconMail,
  LinkedIn: IconBrandLinkedin,
} satisfies Record<ShareTarget, unknown>;

export function ShareIcon({ target }: { target: ShareTarget }) {
  const Icon = icons[target];
  return <Icon size={22} stroke={1.8} />;
}
