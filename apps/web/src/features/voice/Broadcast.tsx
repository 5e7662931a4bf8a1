import { useEffect, useState } from 'react';
import { Badge, Button, Tooltip } from '@mantine/core';
import { IconBroadcast } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import './i18n.ts';
import { BroadcastSession } from './broadcastSession.ts';
import { setCurrentBroadcast, useBroadcast, useBroadcastSession } from './store.ts';
import classes from './Broadcast.module.css';

/**
 * Broadcast voice during an event: the host gets a button to speak to every instance of the space;
 * everyone else sees "Host is speaking to everyone" while they hear it. Nothing shows without an event.
 */
export function BroadcastBridge({ sceneId, instanceId }: { sceneId: string; instanceId: string }) {
  useEffect(() => {
    const session = new BroadcastSession({ sceneId, instanceId });
    setCurrentBroadcast(session);
    session.start();
    return () => {
      session.dispose();
      setCurrentBroadcast(null);
    };
  }, [sceneId, instanceId]);
  return <BroadcastBar />;
}

function BroadcastBar() {
  const { t } = useTranslation();
  const session = useBroadcastSession();
  const snap = useBroadcast();
  const [busy, setBusy] = useState(false);
  if (!session || !snap || snap.role === 'none') return null;
  if (snap.role === 'host') {
    const toggle = () => {
      setBusy(true);
      session
        .setOnAir(!snap.onAir)
        .catch(() => {})
        .finally(() => setBusy(false));
    };
    return (
      <div className={classes.bar}>
        <Tooltip label={t('voice.broadcastHint')} withArrow>
          <Button
            size="xs"
            radius="xl"
            color={snap.onAir ? 'red' : 'atrium'}
            variant={snap.onAir ? 'filled' : 'white'}
            leftSection={<IconBroadcast size={16} />}
            loading={busy}
            onClick={toggle}
            aria-pressed={snap.onAir}
            data-testid="broadcast-toggle"
          >
            {snap.onAir ? t('voice.broadcastStop') : t('voice.broadcastStart')}
          </Button>
        </Tooltip>
      </div>
    );
  }
  if (!snap.hearing) return null;
  return (
    <div className={classes.bar} role="status">
      <Badge size="lg" radius="xl" color="red" leftSection={<IconBroadcast size={14} />} data-testid="broadcast-indicator">
        {t('voice.hostSpeaking')}
      </Badge>
    </div>
  );
}
