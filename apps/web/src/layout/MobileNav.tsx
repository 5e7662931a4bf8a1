import { lazy, Suspense, useState } from 'react';
import { Button, Collapse, Container, Group } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS, RESOURCE_LINKS, SOLUTION_SLUGS } from './nav.ts';
import type { HeaderRules } from './headerRules.ts';
import { useSession } from '../auth/useSession.ts';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';

// The signed-in avatar and its drawer, loaded only for signed-in visitors (as in the desktop header).
const AccountDrawer = lazy(() => import('../features/auth/AccountDrawer.tsx').then((m) => ({ default: m.AccountDrawer })));
import classes from './Header.module.css';

function Section({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={classes.mobileLink} aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {label}
        <IconChevronDown size={18} aria-hidden="true" className={`${classes.chevron} ${open ? classes.chevronOpen : ''}`} />
      </button>
      <Collapse expanded={open} id={id}>
        {children}
      </Collapse>
    </>
  );
}

export function MobileNav({ id, opened, rules }: { id: string; opened: boolean; rules: HeaderRules }) {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <Collapse expanded={opened} id={id} transitionDuration={250}>
      <Container className={classes.mobilePanel}>
        <nav aria-label={t('nav.mainMenu')}>
          <Link to={PATHS.home} className={classes.mobileLink}>
            {t('nav.home')}
          </Link>
          {rules.showSiteLinks && (
            <Link to={PATHS.explore} className={classes.mobileLink}>
              {t('nav.explore')}
            </Link>
          )}
          <Section id="mobile-solutions" label={t('nav.solutions')}>
            {SOLUTION_SLUGS.map((slug) => (
              <Link key={slug} to={PATHS.solution(slug)} className={classes.mobileSub}>
                {t(`solutions.${slug}`)}
              </Link>
            ))}
          </Section>
          {rules.showSiteLinks && (
            <>
              <Section id="mobile-resources" label={t('nav.resources')}>
                {RESOURCE_LINKS.map((r) => (
                  <Link key={r.to} to={r.to} className={classes.mobileSub}>
                    {t(r.key)}
                  </Link>
                ))}
              </Section>
              <Link to={PATHS.pricing} className={classes.mobileLink}>
                {t('nav.pricing')}
              </Link>
              <Link to={PATHS.contact} className={classes.mobileLink}>
                {t('nav.contactUs')}
              </Link>
            </>
          )}
        </nav>
        <div className={classes.mobileLink}>
          <LanguageSwitcher showLabel testId="mobile-language" />
        </div>
        <Group mt="lg" grow>
          {rules.showLogIn && (
            <Button component={Link} to={PATHS.login} variant="default" size="md">
              {t('nav.logIn')}
            </Button>
          )}
          {rules.showCreate && (
            <Button component={Link} to={session.status === 'signed-in' ? PATHS.create : PATHS.signUpToCreate} size="md">
              {session.status === 'signed-in' ? t('auth.createSpace', 'Create Space') : t('nav.create')}
            </Button>
          )}
          {session.status === 'signed-in' && (
            <Suspense fallback={null}>
              <AccountDrawer user={session.user} />
            </Suspense>
          )}
        </Group>
      </Container>
    </Collapse>
  );
}
