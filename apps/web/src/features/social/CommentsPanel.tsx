import { Alert, Center, Divider, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { msg } from '../../i18n/msg.ts';
import type { PanelProps } from '../viewer/panels/registry.ts';
import { useComments, useSpaceCard } from './queries.ts';
import { CommentForm } from './CommentForm.tsx';
import { CommentItem, type CommentActions } from './CommentItem.tsx';
import { SignInPrompt } from './SignInPrompt.tsx';
import { useMe } from './useMe.ts';
import './i18n.ts';

/** Spec §2 Viewer comments: a list with one level of replies; post, reply, edit, delete. */
export default function CommentsPanel({ ctx }: PanelProps) {
  const { t } = useTranslation();
  const me = useMe();
  const card = useSpaceCard(ctx.sceneId);
  const { list, add, edit, remove } = useComments(ctx.sceneId);
  const meId = me.status === 'signed-in' ? me.userId : null;
  const enabled = card.data?.commentsEnabled ?? true;
  const canWrite = meId !== null && enabled;
  const actions: CommentActions = {
    meId,
    isSpaceOwner: meId !== null && meId === ctx.metadata.ownerId,
    canWrite,
    edit: (id, body) => edit.mutateAsync({ id, body }),
    remove: (id) => remove.mutateAsync(id),
    reply: (parentCommentId, body) => add.mutateAsync({ body, parentCommentId }),
  };
  // Replies cannot be answered (one level only).
  const { reply: _reply, ...replyActions } = actions;
  const comments = list.data ?? [];

  return (
    <Stack gap="md">
      {!enabled && (
        <Alert color="gray" data-testid="comments-disabled">
          {msg.social.commentsDisabled}
        </Alert>
      )}
      {enabled && meId && (
        <CommentForm
          placeholder={t('social.comments.placeholder')}
          submitLabel={t('social.comments.post')}
          testId="comment-form"
          onSubmit={(body) => add.mutateAsync({ body })}
        />
      )}
      {enabled && me.status === 'signed-out' && <SignInPrompt text={t('social.comments.signIn')} />}
      {card.data && (
        <Text size="xs" fw={700} tt="uppercase" c="dimmed">
          {t('social.comments.count', { count: card.data.comments })}
        </Text>
      )}
      {list.isPending ? (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      ) : list.isError ? (
        <Text size="sm" c="red">
          {list.error.message}
        </Text>
      ) : comments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {msg.social.noComments}
        </Text>
      ) : (
        <Stack gap="md" data-testid="comment-list">
          {comments.map((c, i) => (
            <Stack key={c.commentId} gap="md">
              {i > 0 && <Divider />}
              <CommentItem c={c} actions={actions}>
                {c.childComments.length > 0 &&
                  c.childComments.map((r) => <CommentItem key={r.commentId} c={r} actions={replyActions} />)}
              </CommentItem>
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
