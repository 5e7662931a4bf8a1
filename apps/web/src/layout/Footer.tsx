import { Container, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../auth/useSession.ts';
import { Logo } from './Logo.tsx';
import { PATHS, signInFirst } from './nav.ts';
import { SOCIAL_LINKS } from './social.ts';
import '../features/migration/linkText.ts';
import classes from './Footer.module.css';

interface FooterLink {
  key: string;
  to: string;
}

function Column({ title, links }: { title: string; links: FooterLink[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={title}>
      <h2 className={classes.heading}>{title}</h2>
      <ul className={classes.list}>
        {links.map((l) => (
          <li key={l.key}>
            <Link to={l.to} className={classes.link}>
              {t(l.key)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const { t } = useTranslation();
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  const account = (to: string) => signInFirst(to, signedIn);
  // Signed in, the person's own pages directly; signed out, `/user/me/...` survives the sign-in round trip.
  const mine = (rest: string) => account(`/user/${session.user?.userId ?? 'me'}/${rest}`);

  return (
    <footer className={classes.footer}>
      <Container>
        <div className={classes.grid}>
          <div className={classes.brand}>
            <Logo linksHome />
            <Text mt="md" maw={340}>
              {t('footer.tagline')}
            </Text>
          </div>
          <Column
            title={t('footer.product')}
            links={[
              { key: 'nav.home', to: PATHS.home },
              { key: 'nav.explore', to: PATHS.explore },
              { key: 'footer.create', to: PATHS.create },
              { key: 'nav.pricing', to: PATHS.pricing },
            ]}
          />
          <Column
            title={t('footer.resources')}
            links={[
              { key: 'nav.faq', to: '/resources/faqs' },
              { key: 'nav.guides', to: '/resources/guides' },
              { key: 'nav.glossary', to: '/resources/glossary' },
              { key: 'migrationLink.label', to: '/artsteps-migration' },
              { key: 'nav.contactUs', to: PATHS.contact },
            ]}
          />
          <Column
            title={t('footer.account')}
            links={[
              { key: 'footer.profile', to: account('/user') },
              { key: 'footer.spaces', to: mine('spaces/published') },
              { key: 'footer.districts', to: mine('districts/my-districts') },
              { key: 'footer.library', to: mine('library/images') },
              { key: 'footer.wallet', to: account('/wallet') },
              { key: 'footer.settings', to: account('/settings') },
            ]}
          />
          <Column
            title={t('footer.legal')}
            links={[
              { key: 'footer.privacy', to: '/privacy-notice' },
              { key: 'footer.terms', to: '/terms-of-service' },
              { key: 'footer.refund', to: '/refund-policy' },
              { key: 'footer.security', to: '/security' },
              { key: 'footer.comingSoon', to: '/coming-soon' },
            ]}
          />
        </div>
        <p className={classes.funding}>{t('footer.funding')}</p>
        <div className={classes.bottom}>
          <span>{t('footer.copyright', { year: new Date().getFullYear() })}</span>
          <ul className={classes.social} aria-label={t('footer.social')}>
            {SOCIAL_LINKS.map(({ name, href, Icon }) => (
              <li key={name} style={{ listStyle: 'none' }}>
                <a className={classes.socialLink} href={href} target="_blank" rel="noopener noreferrer" aria-label={name}>
                  <Icon size={20} aria-hidden="true" />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </Container>
    </footer>
  );
}
