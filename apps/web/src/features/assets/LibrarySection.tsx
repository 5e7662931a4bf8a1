import { useState } from 'react';
import { Button, Center, Group, Loader, Modal, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { LIBRARY_PAGES, type LibraryPage } from '@atrium/shared/assets/kinds';
import { THEME } from '@atrium/shared/constants';
import type { Asset } from '@atrium/shared/assets/schema';
import { msg } from '../../i18n/msg.ts';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/ApiError.ts';
import { useDeleteAsset, useLibrary, type LibrarySort } from './queries.ts';
import { AssetCard } from './AssetCard.tsx';
import { EditAssetModal } from './EditAssetModal.tsx';
import { UploadDialog } from './UploadDialog.tsx';
import { useNextPageSentinel } from './useNextPageSentinel.ts';
import classes from './Assets.module.css';
import './i18n.ts';
import './mantine-assets.ts';

/** Confirm dialog with the spec defaults 'Continue' and 'Cancel'. */
function ConfirmDelete({ asset, onClose }: { asset: Asset | null; onClose: () => void }) {
  const { t } = useTranslation();
  const del = useDeleteAsset();
  return (
    <Modal opened={!!asset} onClose={onClose} title={t('assets.deleteTitle')} zIndex={THEME.modalZIndex} centered>
      <Text mb="lg">{msg.asset.deleteConfirm}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('assets.cancel')}
        </Button>
        <Button
          color="red"
          loading={del.isPending}
          data-testid="confirm-delete"
          onClick={() => asset && del.mutate(asset, { onSuccess: onClose })}
        >
          {t('assets.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}

/**
 * Spec §2 library page `user/{id}/library/{page}`: asset cards in a grid or list, infinite scroll
 * (cp/ipp, page 9), owners upload, edit and delete. A hidden library answers 403 and shows as hidden.
 */
export function LibrarySection({
  userId,
  isOwn,
  page,
  view,
  sort,
}: {
  userId: string;
  isOwn: boolean;
  page: LibraryPage;
  view: 'grid' | 'list';
  sort: LibrarySort;
}) {
  const { t } = useTranslation();
  const kind = LIBRARY_PAGES[page];
  const lib = useLibrary(userId, kind, sort);
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<Asset | null>(null);
  const [deleting, setDeleting] = useState<Asset | null>(null);
  const sentinel = useNextPageSentinel(lib);

  const items = lib.data?.pages.flat() ?? [];
  const hidden = lib.error instanceof ApiError && lib.error.status === 403;
  return (
    <div data-testid="library" data-kind={kind}>
      {isOwn && (
        <Group justify="flex-end" mb="md">
          <Button leftSection={<IconUpload size={18} />} onClick={() => setUploading(true)} data-testid="library-upload">
            {t('assets.uploadKind', { kind: t(`assets.kinds.${kind}`) })}
          </Button>
        </Group>
      )}
      {lib.isPending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : hidden ? (
        <div className={classes.empty}>{msg.asset.libraryHidden}</div>
      ) : items.length === 0 ? (
        <div className={classes.empty} data-testid="library-empty">
          {lib.error ? lib.error.message : msg.asset.libraryEmpty}
        </div>
      ) : (
        <div className={view === 'grid' ? classes.grid : classes.list}>
          {items.map((a) => (
            <AssetCard
              key={a.id}
              asset={a}
              {...(isOwn ? { onEdit: () => setEditing(a), onDelete: () => setDeleting(a) } : {})}
            />
          ))}
        </div>
      )}
      <div ref={sentinel} className={classes.sentinel} />
      {lib.isFetchingNextPage && (
        <Center py="md">
          <Text size="sm" c="dimmed">
            {t('assets.loadMore')}
          </Text>
        </Center>
      )}
      {isOwn && <UploadDialog kind={kind} opened={uploading} onClose={() => setUploading(false)} />}
      <EditAssetModal asset={editing} onClose={() => setEditing(null)} />
      <ConfirmDelete asset={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
