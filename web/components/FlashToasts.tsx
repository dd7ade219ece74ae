import { router } from '@inertiajs/react';
import { useEffect, useRef } from 'react';
import { toast } from 'react-toastify';
import type { Flash } from '@/types';

function flashOf(props: Record<string, unknown> | undefined): Flash | undefined {
  const flash = props?.flash;
  return flash && typeof flash === 'object' ? (flash as Flash) : undefined;
}

function show(flash: Flash | undefined) {
  if (!flash) return;
  if (typeof flash.success === 'string' && flash.success) toast.success(flash.success);
  if (typeof flash.error === 'string' && flash.error) toast.error(flash.error);
}

/**
 * Shows the shared `flash.success` / `flash.error` props as toasts: once for the first page, then
 * for every page the server answers (not for history restores, which would replay old messages).
 */
export function FlashToasts({ initialProps }: { initialProps: Record<string, unknown> }) {
  const initial = useRef(initialProps);
  useEffect(() => {
    show(flashOf(initial.current));
    const offSuccess = router.on('success', (event) => show(flashOf(event.detail.page.props)));
    const offError = router.on('error', (event) => show(flashOf(event.detail.page?.props)));
    return () => {
      offSuccess();
      offError();
    };
  }, []);
  return null;
}
