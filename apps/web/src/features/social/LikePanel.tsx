import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { IconBookmark, IconBookmarkFilled, IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/useSession.ts';
import type { PanelProps } from '../viewer/panels/registry.ts';
import { useFavourite, useLike } from './queries.ts';
import { SignInPrompt } from './SignInPrompt.tsx';
import './i18n.ts';

/** Spec §2 Viewer Like: one heart per visitor with the space's count; favourites sit beside it. */
export default function LikePanel({ ctx }: PanelProps) {
  const { t } = useTranslation();
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  const { status, toggle } = useLike(ctx.sceneId);
  const favourite = useFavourite(ctx.sceneId, signedIn);
  const [askSignIn, setAskSignIn] = useState(false);
  const liked = status.data?.liked ?? false;
  const likes = status.data?.likes ?? 0;
  const onLike = () => {
    if (!signedIn) return setAskSignIn(true);
    toggle.mutate(!liked);
  };
  const fav = favourite.status.data?.favourite ?? false;

  return (
    <Stack gap="md" align="stretch">
      <Button
        size="lg"
        radius="xl"
        variant={liked ? 'filled' : 'light'}
        color="red"
        leftSection={liked ? <IconHeartFilled size={22} /> : <IconHeart size={22} />}
        onClick={onLike}
        disabled={status.isPending || session.status === 'loading'}
        aria-pressed={liked}
        data-testid="like-button"
      >
        {liked ? t('social.like.unlike') : t('social.like.like')}
      </Button>
      <Text ta="center" fw={700} size="lg" data-testid="like-count" aria-live="polite">
        {t('social.like.count', { count: likes })}
      </Text>
      {signedIn && (
        <Button
          variant={fav ? 'filled' : 'default'}
          radius="xl"
          leftSection={fav ? <IconBookmarkFilled size={18} /> : <IconBookmark size={18} />}
          onClick={() => favourite.toggle.mutate(!fav)}
          loading={favourite.toggle.isPending}
          disabled={!favourite.status.data}
          aria-pressed={fav}
        >
          {fav ? t('social.like.unfavourite') : t('social.like.favourite')}
        </Button>
      )}
      {askSignIn && !signedIn && <SignInPrompt text={t('social.like.signIn')} />}
    </Stack>
  );
}
