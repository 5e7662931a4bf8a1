import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { notifications } from '@mantine/notifications';
import { TIMINGS } from '@atrium/shared/constants';
import { notificationsHost } from './notificationsHost.ts';

// Spec §8: success and error toasts stay 3 s at bottom centre, info and warning 4 s.
const show = (p: Parameters<typeof notifications.show>[0]) => {
  notificationsHost.want();
  return notifications.show(p);
};

export const notify = {
  success: (message: string) => show({ message, color: 'green', autoClose: TIMINGS.toastMs.success }),
  error: (message: string, title?: string) => show({ message, title, color: 'red', autoClose: TIMINGS.toastMs.error }),
  /** Spec §8: the copy confirmation is brief (400 ms). */
  copied: (message: string) => show({ message, color: 'green', autoClose: TIMINGS.toastMs.copy }),
  info: (message: string) => show({ message, color: 'atrium', autoClose: TIMINGS.toastMs.info }),
};
