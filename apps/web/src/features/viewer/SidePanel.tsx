import { useEffect, useRef } from 'react';
import { CloseButton, Modal, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ViewerContext, ViewerPanel } from './panels/registry.ts';
import classes from './Viewer.module.css';

/** Shows the active panel: a sidebar beside the scene, or a modal for Share. */
export function SidePanel({ panel, ctx, onClose }: { panel: ViewerPanel | null; ctx: ViewerContext; onClose(): void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    if (panel?.presentation !== 'sidebar') return;
    // Move focus into the sidebar so keyboard users land in it; Escape (below) brings them back out.
    ref.current?.focus({ preventScroll: true });
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !document.pointerLockElement) onClose();
    };
    // Capture phase: other window listeners (the engine's keyboard, hotkeys) must not swallow it.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [panel, onClose]);

  if (!panel) return null;
  const Body = panel.Component;
  if (panel.presentation === 'modal') {
    return (
      <Modal opened onClose={onClose} title={panel.label} centered radius="xl" size="lg" zIndex={10000001} closeButtonProps={{ 'aria-label': t('viewer.closePanel') }}>
        <Body ctx={ctx} close={onClose} />
      </Modal>
    );
  }
  return (
    <aside ref={ref} className={classes.panel} aria-label={panel.label} tabIndex={-1} data-testid={`panel-${panel.id}`}>
      <div className={classes.panelHeader}>
        <Title order={3} size="h4">
          {panel.label}
        </Title>
        <CloseButton size="lg" radius="xl" aria-label={t('viewer.closePanel')} onClick={onClose} />
      </div>
      <div className={classes.panelBody}>
        <Body ctx={ctx} close={onClose} />
      </div>
    </aside>
  );
}
