import { useState } from 'react';
import { Anchor, Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SceneReply } from '@atrium/shared/publishing/schema';
import { relativeTime } from '../../i18n/format.ts';
import { msg } from '../../i18n/msg.ts';
import { CommentForm } from './CommentForm.tsx';

export interface CommentActions {
  meId: string | null;
  /** The space's owner may delete any comment on it. */
  isSpaceOwner: boolean;
  canWrite: boolean;
  edit(id: string, body: string): Promise<unknown>;
  remove(id: string): Promise<unknown>;
  reply?(parentId: string, body: string): Promise<unknown>;
}

/**
 * One comment or reply. The body is plain text rendered as a React text node (never as HTML), so
 * markup someone typed shows as the characters they typed.
 */
export function CommentItem({ c, actions, children }: { c: SceneReply; actions: CommentActions; children?: React.ReactNode }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'view' | 'edit' | 'reply' | 'confirmDelete'>('view');
  const mine = actions.meId !== null && actions.meId === c.user.userId;
  const name = c.user.name || c.user.username || '?';
  const canDelete = mine || actions.isSpaceOwner;

  return (
    <Stack gap={6} data-testid={c.parentCommentId ? 'reply' : 'comment'} data-comment-id={c.commentId}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar src={c.user.profilePicture} name={name} color="initials" size="sm" />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6} wrap="nowrap">
            <Anchor component={Link} to={`/user/${c.user.userId}`} fw={700} size="sm" c="dark" truncate>
              {name}
            </Anchor>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {relativeTime(c.createdAt)}
              {c.edited && ` · ${msg.social.edited}`}
            </Text>
          </Group>
          {mode === 'edit' ? (
            <CommentForm
              initial={c.body}
              placeholder={t('social.comments.placeholder')}
              submitLabel={t('social.comments.save')}
              autoFocus
              onCancel={() => setMode('view')}
              onSubmit={async (body) => {
                await actions.edit(c.commentId, body);
                setMode('view');
              }}
            />
          ) : (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="comment-body">
              {c.body}
            </Text>
          )}
          {mode === 'view' && (actions.canWrite || canDelete) && (
            <Group gap={4}>
              {actions.reply && actions.canWrite && (
                <Button size="compact-xs" variant="subtle" onClick={() => setMode('reply')}>
                  {t('social.comments.reply')}
                </Button>
              )}
              {mine && actions.canWrite && (
                <Button size="compact-xs" variant="subtle" onClick={() => setMode('edit')}>
                  {t('social.comments.edit')}
                </Button>
              )}
              {canDelete && (
                <Button size="compact-xs" variant="subtle" color="red" onClick={() => setMode('confirmDelete')}>
                  {t('social.comments.delete')}
                </Button>
              )}
            </Group>
          )}
          {mode === 'confirmDelete' && (
            <Group gap={6}>
              <Text size="xs">{t('social.comments.deleteConfirm')}</Text>
              <Button size="compact-xs" color="red" onClick={() => void actions.remove(c.commentId).finally(() => setMode('view'))}>
                {t('social.comments.delete')}
              </Button>
              <Button size="compact-xs" variant="default" onClick={() => setMode('view')}>
                {t('social.comments.cancel')}
              </Button>
            </Group>
          )}
        </Stack>
      </Group>
      {children && <Stack gap="sm" pl={38}>{children}</Stack>}
      {mode === 'reply' && actions.reply && (
        <div style={{ paddingLeft: 38 }}>
          <CommentForm
            placeholder={t('social.comments.replyPlaceholder')}
            submitLabel={t('social.comments.reply')}
            autoFocus
            testId="reply-form"
            onCancel={() => setMode('view')}
            onSubmit={async (body) => {
              await actions.reply!(c.commentId, body);
              setMode('view');
            }}
          />
        </div>
      )}
    </Stack>
  );
}
