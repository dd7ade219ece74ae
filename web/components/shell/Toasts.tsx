import { ToastContainer } from 'react-toastify';
import { usePreferences } from '@/lib/preferences';

/** Toasts per SPEC §4 (top-right, 5000 ms, close on click, pause on hover, drag 80 %), themed and RTL-aware. */
export function Toasts() {
  const { darkMode, direction } = usePreferences();
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      closeOnClick
      pauseOnHover
      draggable
      draggablePercent={80}
      rtl={direction === 'rtl'}
      theme={darkMode ? 'dark' : 'light'}
    />
  );
}
