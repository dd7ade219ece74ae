import { ImageIcon, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/form/Button';
import { FieldError } from '@/components/form/FieldError';
import { labelClasses } from '@/components/form/styles';
import { MediaPickerDialog } from '@/features/media/MediaPickerDialog';
import { useCan } from '@/lib/page';

/**
 * An image of the company's media library for an image block or the social image: chosen (or
 * uploaded) in the library's picker; shown by its thumbnail when the member may see the library.
 */
export function ImageField({ value, onChange, error, label, required = false }: { value: number | null; onChange: (id: number | null) => void; error?: string | null; label: string; required?: boolean }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState<string | null>(null);
  const [broken, setBroken] = useState(false);
  const canSee = useCan('media.view');
  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-describedby={error ? `${id}-error` : undefined}>
      <span id={`${id}-label`} className={labelClasses}>
        {label}
        {required && (
          <span className="ms-0.5 text-red-600 dark:text-red-400" aria-hidden="true">
            *
          </span>
        )}
      </span>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-md border border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-900">
          {value && canSee && !broken ? (
            <img src={`/media/files/${value}/thumb`} onError={() => setBroken(true)} alt={name ?? `Image ${value}`} className="size-full object-cover" />
          ) : (
            <ImageIcon aria-hidden="true" className="size-6 text-slate-400" />
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <p className="truncate text-sm text-slate-700 dark:text-slate-200">{value ? (name ?? `Image no. ${value}`) : 'No image chosen'}</p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
              {value ? 'Change image' : 'Choose image'}
            </Button>
            {value && (
              <Button size="sm" variant="ghost" onClick={() => onChange(null)} aria-label={`Remove ${label.toLowerCase()}`}>
                <X aria-hidden="true" className="size-4" />
                Remove
              </Button>
            )}
          </div>
        </div>
      </div>
      <FieldError id={`${id}-error`} message={error} />
      <MediaPickerDialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Choose the ${label.toLowerCase()}`}
        onPick={(picked) => {
          setName(picked.file.display_name);
          setBroken(false);
          onChange(picked.id);
        }}
      />
    </div>
  );
}
