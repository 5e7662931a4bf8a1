import { useState } from 'react';
import { ActionIcon, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { REALTIME_LIMITS } from '@atrium/shared/realtime/limits';

/** The message field of every chat (public, direct, event): a refusal shows under the field. */
export function Composer({
  onSend,
}: {
  onSend: (text: string) => Promise<{ ok: boolean; error?: { message: string } }>;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    if (!text.trim()) return;
    const res = await onSend(text);
    if (res.ok) {
      setText('');
      setError(null);
    } else setError(res.error?.message ?? null);
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <TextInput
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        placeholder={t('realtime.chat.placeholder')}
        maxLength={REALTIME_LIMITS.messageMaxChars}
        error={error}
        aria-label={t('realtime.chat.placeholder')}
        rightSection={
          <ActionIcon type="submit" variant="subtle" aria-label={t('realtime.chat.send')}>
            <IconSend size={18} />
          </ActionIcon>
        }
      />
    </form>
  );
}
