import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './Header.module.css';

function Mark() {
  return (
    <svg className={classes.logoMark} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="16" fill="var(--mantine-color-atrium-5)" />
      <path d="M32 12 52 24v18L32 54 12 42V24z" fill="#fff" />
      <path d="M32 12 52 24 32 36 12 24z" fill="#cfeaff" />
      <path d="M32 36v18L12 42V24z" fill="#9fd4ff" />
    </svg>
  );
}

export function Logo({ linksHome }: { linksHome: boolean }) {
  const { t } = useTranslation();
  const content = (
    <>
      <Mark />
      <span className={classes.logoText}>Atrium</span>
    </>
  );
  // Embedded spaces live inside someone else's site; a home link there would pull visitors away.
  if (!linksHome) return <span className={classes.logo}>{content}</span>;
  return (
    <Link to="/" className={classes.logo} aria-label={t('nav.logoLabel')}>
      {content}
    </Link>
  );
}
