import { useEffect, useState } from 'react';
import { Button, Center, Group, Loader, Modal, Text, UnstyledButton } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { THEME } from '@atrium/shared/constants';
import type { Asset } from '@atrium/shared/assets/schema';
import type { AssetKind } from '@atrium/shared/assets/kinds';
import { msg } from '../../i18n/msg.ts';
import { useAsset, useLibrary } from './queries.ts';
import { AssetCard } from './AssetCard.tsx';
import { UploadDialog } from './UploadDialog.tsx';
import { useNextPageSentinel } from './useNextPageSentinel.ts';
import classes from './Assets.module.css';
import './i18n.ts';
import './mantine-assets.ts';

/**
 * Dragging an asset out of the picker (the editor drops it where the pointer lets go): the drag's data
 * type, and what to do when a drag starts and ends.
 */
export interface AssetDrag {
  type: string;
  start: (asset: Asset) => void;
  /** The drag is over; answers whether it placed the asset (then the picker closes). */
  end: () => boolean;
}

/**
 * Choose one of the user's own assets of a kind, or upload a fresh one: the editor's Add Content,
 * ambient sound and tour-point audio use it. Only ready assets can be chosen; a model still being
 * optimised after upload is handed over as soon as it is ready. With `drag`, a ready asset can also
 * be dragged out: the dialog lets the pointer through to what is behind it while the drag lasts.
 */
export default function AssetPicker({
  userId,
  kind,
  opened,
  onClose,
  onPick,
  drag,
}: {
  userId: string;
  kind: AssetKind;
  opened: boolean;
  onClose: () => void;
  onPick: (asset: Asset) => void;
  drag?: AssetDrag;
}) {
  const { t } = useTranslation();
  const lib = useLibrary(userId, kind, 'updatedAt');
  const [uploading, setUploading] = useState(false);
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const pending = useAsset(kind, pendingId);

  const pick = (a: Asset) => {
    setUploading(false);
    setPendingId(null);
    onPick(a);
  };

  useEffect(() => {
    if (pending.data?.status === 'ready') pick(pending.data);
    // pick is recreated each render; the asset becoming ready is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pending.data?.status]);
  const sentinel = useNextPageSentinel(lib, opened);

  const items = lib.data?.pages.flat() ?? [];
  const kindLabel = t(`assets.kinds.${kind}`);
  return (
    <>
      <Modal
        opened={opened && !uploading}
        onClose={onClose}
        className={dragging ? classes.dragThrough : undefined}
        title={t('assets.pickKind', { kind: kindLabel })}
        size="xl"
        zIndex={THEME.modalZIndex}
        centered
      >
        <Group justify="space-between" mb="md">
          <Text size="sm" c="dimmed">
            {t(drag ? 'assets.pickDragHint' : 'assets.pickHint')}
          </Text>
          <Button leftSection={<IconUpload size={18} />} onClick={() => setUploading(true)} data-testid="picker-upload">
            {t('assets.uploadKind', { kind: kindLabel })}
          </Button>
        </Group>
        {lib.isPending ? (
          <Center py="xl">
            <Loader />
          </Center>
        ) : items.length === 0 ? (
          <div className={classes.empty} data-testid="picker-empty">
            {lib.error ? lib.error.message : msg.asset.libraryEmpty}
          </div>
        ) : (
          <div className={classes.pickerGrid} data-testid="picker-list">
            {items.map((a) => (
              <UnstyledButton
                key={a.id}
                className={classes.pickable}
                disabled={a.status !== 'ready'}
                onClick={() => pick(a)}
                draggable={Boolean(drag) && a.status === 'ready'}
                onDragStart={(e) => {
                  if (!drag) return;
                  e.dataTransfer.setData(drag.type, a.id);
                  e.dataTransfer.effectAllowed = 'copy';
                  drag.start(a);
                  // After the browser has taken the card's picture for the drag: the dialog goes
                  // see-through and lets the pointer reach the canvas behind it.
                  setTimeout(() => setDragging(true));
                }}
                onDragEnd={() => {
                  if (!drag) return;
                  setDragging(false);
                  if (drag.end()) onClose();
                }}
                data-testid="picker-item"
                aria-label={a.title || kindLabel}
              >
                <AssetCard asset={a} />
              </UnstyledButton>
            ))}
          </div>
        )}
        <div ref={sentinel} className={classes.sentinel} />
      </Modal>
      <UploadDialog
        kind={kind}
        opened={opened && uploading}
        onClose={() => setUploading(false)}
        onUploaded={(a) => (a.status === 'ready' ? pick(a) : setPendingId(a.id))}
      />
    </>
  );
}
