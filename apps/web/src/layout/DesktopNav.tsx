import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { NavDropdown, NavDropdownGroup, navDropdownClasses } from './NavDropdown.tsx';
import { PATHS, RESOURCE_LINKS, SOLUTIONS_BY_FUNCTION, SOLUTIONS_BY_INDUSTRY } from './nav.ts';
import classes from './Header.module.css';

function Item({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className={navDropdownClasses.item} data-menu-item="">
      {children}
    </Link>
  );
}

/** The main menu; inside a district only Solutions stays (`siteLinks` false, spec §2 Header). */
export function DesktopNav({ siteLinks = true }: { siteLinks?: boolean }) {
  const { t } = useTranslation();
  return (
    <nav className={classes.desktopNav} aria-label={t('nav.mainMenu')}>
      {siteLinks && (
        <NavLink to={PATHS.explore} className={classes.link}>
          {t('nav.explore')}
        </NavLink>
      )}
      <NavDropdown label={t('nav.solutions')} wide>
        <NavDropdownGroup label={t('nav.byIndustry')}>
          {SOLUTIONS_BY_INDUSTRY.map((slug) => (
            <Item key={slug} to={PATHS.solution(slug)}>
              {t(`solutions.${slug}`)}
            </Item>
          ))}
        </NavDropdownGroup>
        <NavDropdownGroup label={t('nav.byFunction')}>
          {SOLUTIONS_BY_FUNCTION.map((slug) => (
            <Item key={slug} to={PATHS.solution(slug)}>
              {t(`solutions.${slug}`)}
            </Item>
          ))}
        </NavDropdownGroup>
      </NavDropdown>
      {siteLinks && (
        <>
          <NavDropdown label={t('nav.resources')}>
            <NavDropdownGroup>
              {RESOURCE_LINKS.map((r) => (
                <Item key={r.to} to={r.to}>
                  {t(r.key)}
                </Item>
              ))}
            </NavDropdownGroup>
          </NavDropdown>
          <NavLink to={PATHS.pricing} className={classes.link}>
            {t('nav.pricing')}
          </NavLink>
          <NavLink to={PATHS.contact} className={classes.link}>
            {t('nav.contactUs')}
          </NavLink>
        </>
      )}
    </nav>
  );
}
