import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { Smile } from 'lucide-react';
import { cx } from '@/components/cx';

/** The emoji most used at work, in one small grid (a message may hold any emoji typed or pasted). */
export const EMOJI = [
  '😀', '😂', '😊', '😍', '🤔', '😅', '😢', '😮',
  '👍', '👎', '👏', '🙏', '💪', '👋', '🙌', '🤝',
  '🎉', '✅', '❌', '⚠️', '🔥', '⭐', '💡', '📌',
  '📅', '📎', '📷', '💧', '🚚', '💰', '❤️', '☕',
];

/** A button opening the grid; a click (or Enter) on an emoji hands it to `onPick`. */
export function EmojiPalette({ onPick, className }: { onPick: (emoji: string) => void; className?: string }) {
  return (
    <Popover className={cx('relative', className)}>
      <PopoverButton
        className="grid size-9 place-items-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-primary dark:text-slate-400 dark:hover:bg-slate-700 dark:hover:text-white"
        aria-label="Insert an emoji"
      >
        <Smile className="size-5" aria-hidden="true" />
      </PopoverButton>
      <PopoverPanel className="absolute bottom-full start-0 z-20 mb-2 grid w-72 grid-cols-8 gap-1 rounded-lg bg-white p-2 shadow-lg ring-1 ring-slate-900/10 dark:bg-slate-800 dark:ring-white/10">
        {({ close }) => (
          <>
            {EMOJI.map((e) => (
              <button
                key={e}
                type="button"
                className="grid size-8 place-items-center rounded-md text-lg hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-primary dark:hover:bg-slate-700"
                onClick={() => {
                  onPick(e);
                  close();
                }}
                aria-label={`Insert ${e}`}
              >
                {e}
              </button>
            ))}
          </>
        )}
      </PopoverPanel>
    </Popover>
  );
}
