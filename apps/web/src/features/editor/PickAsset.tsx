import { Suspense, lazy, useState } from 'react';
import { ActionIcon, Button, type ButtonProps } from '@mantine/core';
import { IconFolderOpen, IconMusic } from '@tabler/icons-react';
import type { Asset, AssetKind } from '@atrium/shared';
import type { AssetDrag } from '../assets/AssetPicker.tsx';
import { useMyUser } from '../profile/queries.ts';

// The library dialogs (dropzone, cropper) load only when first opened, not with the editor.
const AssetPicker = lazy(() => import('../assets/AssetPicker.tsx'));

/**
 * A button that opens the user's library for one kind (with upload) and hands back the chosen asset.
 * With `drag`, an asset can also be dragged out of the library; a drag that places it closes the library.
 */
export function PickAsset({
  kind,
  label,
  onPick,
  drag,
  testId,
  iconOnly = false,
  ...button
}: {
  kind: AssetKind;
  label: string;
  onPick: (asset: Asset) => void;
  drag?: AssetDrag;
  testId?: string;
  /** A small music icon (tour point rows) instead of a labelled button. */
  iconOnly?: boolean;
} & Omit<ButtonProps, 'children' | 'onClick'>) {
  const me = useMyUser();
  const [opened, setOpened] = useState(false);
  const [mounted, setMounted] = useState(false);
  const userId = me.data?.userId;
  const open = () => {
    setMounted(true);
    setOpened(true);
  };
  return (
    <>
      {iconOnly ? (
        <ActionIcon size="sm" variant="subtle" aria-label={label} title={label} disabled={!userId} onClick={open} data-testid={testId}>
          <IconMusic size={14} />
        </ActionIcon>
      ) : (
        <Button size="xs" leftSection={<IconFolderOpen size={14} />} {...button} disabled={!userId || button.disabled} onClick={open} data-testid={testId}>
          {label}
        </Button>
      )}
      {mounted && userId && (
        <Suspense fallback={null}>
          <AssetPicker
            userId={userId}
            kind={kind}
            opened={opened}
            onClose={() => setOpened(false)}
            onPick={(a) => {
              setOpened(false);
              onPick(a);
            }}
            drag={drag}
          />
        </Suspense>
      )}
    </>
  );
}
