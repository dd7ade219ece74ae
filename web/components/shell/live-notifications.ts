import { router } from '@inertiajs/react';
import { useDispatch } from 'react-redux';
import { toast } from 'react-toastify';
import { NOTIFICATION_CREATED, userChannel, type NotificationPush } from '@common/realtime';
import { useSharedProps } from '@/lib/page';
import { useChannel } from '@/lib/realtime';
import { api } from '@/store/api';

/**
 * New notifications arrive without a reload (issue 22): each one pushed to the user's own
 * channel refreshes the bell's count (its shared prop) and every notifications list on the page
 * (the `Notification` tag: the bell's dropdown, the Notifications page); an important one is
 * also a toast.
 */
export function useLiveNotifications() {
  const { auth, tenant } = useSharedProps();
  const dispatch = useDispatch();
  const userId = auth?.user?.id;
  useChannel(userId && tenant ? userChannel(userId) : null, (event, payload) => {
    if (event !== NOTIFICATION_CREATED) return;
    const n = payload as NotificationPush;
    dispatch(api.util.invalidateTags(['Notification']));
    router.reload({ only: ['notifications'] });
    if (n.important) toast.info(n.title, { toastId: `notification-${n.id}` });
  });
}
