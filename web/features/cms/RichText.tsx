import { Bold, Italic, Link2, Link2Off, List, ListOrdered } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { isSafeUrl } from '@common/schemas/cms';
import { cx } from '@/components/cx';
import { Button } from '@/components/form/Button';
import { FieldError } from '@/components/form/FieldError';
import { controlBase, controlClasses, controlState, labelClasses } from '@/components/form/styles';

/** A toolbar button that keeps the text's selection (mousedown would move the focus away). */
function Tool({ title, icon, onClick }: { title: string; icon: ReactNode; onClick: () => void }) {
  return (
    <Button size="sm" variant="ghost" onMouseDown={(e) => e.preventDefault()} onClick={onClick} aria-label={title} title={title}>
      {icon}
    </Button>
  );
}

const escapeAttr = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The rich-text block's editor: a contenteditable region with bold, italic, link and lists
 * (the browser's editing commands). What it makes is cleaned by the server's allow-list on
 * every save (server/modules/cms/sanitize.ts); a paste comes in as plain text, so nothing from
 * another page's markup gets in even before the save.
 */
export function RichText({ value, onChange, label, error }: { value: string; onChange: (html: string) => void; label: ReactNode; error?: string | null }) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const saved = useRef<Range | null>(null);
  const [linking, setLinking] = useState(false);
  const [url, setUrl] = useState('https://');
  const [urlError, setUrlError] = useState<string | null>(null);

  // a value from outside (a restored revision) replaces what is shown; typing does not re-set it
  useEffect(() => {
    if (ref.current && ref.current.innerHTML !== value) ref.current.innerHTML = value;
  }, [value]);

  const emit = () => onChange(ref.current?.innerHTML ?? '');
  const run = (command: string, arg?: string) => {
    ref.current?.focus();
    document.execCommand(command, false, arg);
    emit();
  };

  function openLink() {
    const sel = window.getSelection();
    saved.current = sel && sel.rangeCount && ref.current?.contains(sel.anchorNode) ? sel.getRangeAt(0).cloneRange() : null;
    setUrl('https://');
    setUrlError(null);
    setLinking(true);
  }
  function applyLink() {
    if (!isSafeUrl(url)) {
      setUrlError('The link must be an http(s) or mailto address, or a path on this site such as /contact.');
      return;
    }
    ref.current?.focus();
    const sel = window.getSelection();
    if (saved.current && sel) {
      sel.removeAllRanges();
      sel.addRange(saved.current);
    }
    const address = url.trim();
    if (sel && !sel.isCollapsed) document.execCommand('createLink', false, address);
    else document.execCommand('insertHTML', false, `<a href="${escapeAttr(address)}">${escapeAttr(address)}</a>`);
    emit();
    setLinking(false);
  }

  return (
    <div>
      <span id={`${id}-label`} className={labelClasses}>
        {label}
      </span>
      <div className={cx('rounded-md border', controlState(Boolean(error)))}>
        <div role="toolbar" aria-label="Text formatting" className="flex flex-wrap gap-1 border-b border-slate-200 p-1 dark:border-slate-700">
          <Tool title="Bold" icon={<Bold aria-hidden="true" className="size-4" />} onClick={() => run('bold')} />
          <Tool title="Italic" icon={<Italic aria-hidden="true" className="size-4" />} onClick={() => run('italic')} />
          <Tool title="Link" icon={<Link2 aria-hidden="true" className="size-4" />} onClick={openLink} />
          <Tool title="Remove link" icon={<Link2Off aria-hidden="true" className="size-4" />} onClick={() => run('unlink')} />
          <Tool title="Bulleted list" icon={<List aria-hidden="true" className="size-4" />} onClick={() => run('insertUnorderedList')} />
          <Tool title="Numbered list" icon={<ListOrdered aria-hidden="true" className="size-4" />} onClick={() => run('insertOrderedList')} />
        </div>
        {linking && (
          <div className="flex flex-wrap items-start gap-2 border-b border-slate-200 p-2 dark:border-slate-700">
            <label htmlFor={`${id}-url`} className="sr-only">
              Link address
            </label>
            <input
              id={`${id}-url`}
              autoFocus
              dir="ltr"
              value={url}
              onChange={(e) => {
                setUrl(e.target.value);
                setUrlError(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  applyLink();
                }
                if (e.key === 'Escape') setLinking(false);
              }}
              aria-invalid={urlError ? true : undefined}
              aria-describedby={urlError ? `${id}-url-error` : undefined}
              className={controlClasses(Boolean(urlError), 'h-8 max-w-sm')}
            />
            <Button size="sm" onClick={applyLink}>
              Add link
            </Button>
            <Button size="sm" variant="outline" onClick={() => setLinking(false)}>
              Cancel
            </Button>
            <FieldError id={`${id}-url-error`} message={urlError} />
          </div>
        )}
        <div
          ref={ref}
          role="textbox"
          aria-multiline="true"
          aria-labelledby={`${id}-label`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          contentEditable
          suppressContentEditableWarning
          onInput={emit}
          onPaste={(e) => {
            e.preventDefault();
            document.execCommand('insertText', false, e.clipboardData.getData('text/plain'));
            emit();
          }}
          className={cx(
            controlBase,
            'min-h-28 rounded-t-none border-0 px-3 py-2 focus:ring-2 focus:ring-primary/30',
            '[&_a]:text-primary [&_a]:underline [&_ol]:list-decimal [&_ol]:ps-6 [&_ul]:list-disc [&_ul]:ps-6 [&_p]:my-1',
          )}
        />
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
