import { useState } from 'react';
import { Button, Group, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { commentPatch } from '@atrium/shared/publishing/schema';
import { ApiError } from '../../api/ApiError.ts';

/**
 * One text box for a new comment, a reply or an edit. Bad input is caught here with the shared
 * schema's messages; a 429 (commenting too fast) becomes the spec's error toast.
 */
export function CommentForm({
  initial = '', placeholder, submitLabel, onSubmit, onCancel, autoFocus = false, testId,
}: {
  initial?: string;
  placeholder: string;
  submitLabel: string;
  onSubmit(body: string): Promise<unknown>;
  onCancel?(): void;
  autoFocus?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [body, setBody] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const parsed = commentPatch.safeParse({ body });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    setError(null);
    setBusy(true);
    try {
      await onSubmit(parsed.data.body);
      setBody('');
    } catch (err) {
      if (err instanceof ApiError && err.status === 429) {
        const { notify } = await import('../../notify.ts');
        notify.error(err.message);
      } else if (!(err instanceof ApiError && err.status === 403 && err.code !== 'COMMENTS_DISABLED')) {
        // Other 403s already raised the spec's 'not authorized' toast in the API client.
        setError(err instanceof Error ? err.message : String(err));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid={testId}
    >
      <Textarea
        value={body}
        onChange={(e) => setBody(e.currentTarget.value)}
        placeholder={placeholder}
        aria-label={placeholder}
        autosize
        minRows={2}
        maxRows={6}
        error={error}
        autoFocus={autoFocus}
        onKeyDown={(e) => {
          // Ctrl/Cmd+Enter posts; plain Enter makes a new line.
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit();
        }}
      />
      <Group justify="flex-end" gap="xs" mt={6}>
        {onCancel && (
          <Button size="xs" variant="default" onClick={onCancel}>
            {t('social.comments.cancel')}
          </Button>
        )}
        <Button size="xs" type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}
