import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { IconChevronDown } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import classes from './NavDropdown.module.css';

/**
 * A small disclosure menu for the header. Mantine's Menu would pull a positioning engine into the
 * first page load; this needs only "below the button", so it stays hand-written and light.
 * Keyboard: Enter/Space/ArrowDown open, arrows and Home/End move, Escape closes and returns focus.
 */
export function NavDropdown({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  const links = () => Array.from(root.current?.querySelectorAll<HTMLAnchorElement>('[data-menu-item]') ?? []);
  const focusItem = (i: number) => {
    const all = links();
    all[(i + all.length) % all.length]?.focus();
  };

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      requestAnimationFrame(() => focusItem(0));
    }
  };

  const onPanelKey = (e: KeyboardEvent) => {
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (e.key === 'ArrowDown') focusItem(at + 1);
    else if (e.key === 'ArrowUp') focusItem(at - 1);
    else if (e.key === 'Home') focusItem(0);
    else if (e.key === 'End') focusItem(all.length - 1);
    else if (e.key === 'Escape') {
      setOpen(false);
      button.current?.focus();
    } else return;
    e.preventDefault();
  };

  const hover = (next: boolean) => {
    clearTimeout(hoverTimer.current);
    hoverTimer.current = setTimeout(() => setOpen(next), next ? 60 : 150);
  };

  return (
    <div
      ref={root}
      className={classes.root}
      // Hover opens only for a real mouse; a tap fires enter and click together and would cancel out.
      onPointerEnter={(e) => e.pointerType === 'mouse' && hover(true)}
      onPointerLeave={(e) => e.pointerType === 'mouse' && hover(false)}
      onBlur={(e) => {
        if (!root.current?.contains(e.relatedTarget as Node)) setOpen(false);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className={classes.trigger}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onButtonKey}
      >
        {label}
        <IconChevronDown size={16} aria-hidden="true" className={open ? classes.chevronOpen : classes.chevron} />
      </button>
      <div id={id} className={`${classes.panel} ${wide ? classes.wide : ''}`} hidden={!open} onKeyDown={onPanelKey}>
        {children}
      </div>
    </div>
  );
}

export function NavDropdownGroup({ label, children }: { label?: string; children: ReactNode }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={label ? id : undefined} className={classes.group}>
      {label && (
        <div id={id} className={classes.groupLabel}>
          {label}
        </div>
      )}
      {children}
    </div>
  );
}

export { classes as navDropdownClasses };
