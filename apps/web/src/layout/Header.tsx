import { lazy, Suspense, useEffect, useState } from 'react';
import { Burger, Button, Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DesktopNav } from './DesktopNav.tsx';
import { Logo } from './Logo.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { useSession } from '../auth/useSession.ts';
import { PATHS } from './nav.ts';
import type { HeaderRules } from './headerRules.ts';
import classes from './Header.module.css';

const MOBILE_MENU_ID = 'mobile-menu';

// The phone menu (and Mantine's Collapse) loads when the burger is first pressed, outside the first
// load; until then an empty hidden element carries the id the burger's aria-controls names.
const MobileNav = lazy(() => import('./MobileNav.tsx').then((m) => ({ default: m.MobileNav })));
const menuPlaceholder = <div id={MOBILE_MENU_ID} hidden />;

// Only signed-in visitors see the drawer; keeping it (and Mantine's Drawer) out of the first load
// protects the home-route budget.
const AccountDrawer = lazy(() => import('../features/auth/AccountDrawer.tsx').then((m) => ({ default: m.AccountDrawer })));
// Likewise the bell: its menu, query client and notification hub load after sign-in only.
const NotificationsBell = lazy(() =>
  import('../features/notifications/NotificationsBell.tsx').then((m) => ({ default: m.NotificationsBell })),
);

export function Header({ rules }: { rules: HeaderRules }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [opened, setOpened] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  const session = useSession();

  // Any navigation (link tap, back button) closes the mobile menu.
  useEffect(() => {
    setOpened(false);
  }, [location.pathname, location.search]);

  return (
    <header className={classes.header}>
      <a href="#main" className={classes.skip}>
        {t('common.skipToContent')}
      </a>
      <Container className={classes.bar}>
        <Logo linksHome={rules.logoLinksHome} />
        <DesktopNav siteLinks={rules.showSiteLinks} />
        <div className={classes.actions}>
          <LanguageSwitcher />
          {rules.showLogIn && (
            <Button component={Link} to={PATHS.login} variant="subtle" color="dark" size="md">
              {t('nav.logIn')}
            </Button>
          )}
          {rules.showUpgrade && (
            <Button component={Link} to={PATHS.districtUpgrade} variant="light" size="md" data-testid="district-upgrade">
              {t('nav.upgradeDistrict')}
            </Button>
          )}
          {rules.showCreate && (
            <Button component={Link} to={session.status === 'signed-in' ? PATHS.create : PATHS.signUpToCreate} size="md">
              {session.status === 'signed-in' ? t('auth.createSpace', 'Create Space') : t('nav.create')}
            </Button>
          )}
          {session.status === 'signed-in' && (
            <>
              <span className={classes.mobileToo}>
                <Suspense fallback={null}>
                  {/* Keyed by user: its hub connection belongs to one person and outlives their token renewals. */}
                  <NotificationsBell key={session.user.userId} />
                </Suspense>
              </span>
              <Suspense fallback={null}>
                <AccountDrawer user={session.user} />
              </Suspense>
            </>
          )}
        </div>
        <Burger
          className={classes.burger}
          opened={opened}
          onClick={() => {
            setMenuWanted(true);
            setOpened((o) => !o);
          }}
          aria-label={opened ? t('nav.closeMenu') : t('nav.openMenu')}
          aria-expanded={opened}
          aria-controls={MOBILE_MENU_ID}
          transitionDuration={250}
        />
      </Container>
      <div className={classes.mobileOnly}>
        {menuWanted ? (
          <Suspense fallback={menuPlaceholder}>
            <MobileNav id={MOBILE_MENU_ID} opened={opened} rules={rules} />
          </Suspense>
        ) : (
          menuPlaceholder
        )}
      </div>
    </header>
  );
}
