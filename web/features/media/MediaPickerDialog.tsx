import type { MediaFilter } from '@common/media';
import { Modal } from '@/components/overlay/Modal';
import { useCan } from '@/lib/page';
import { MediaLibrary, type PickedMedia } from './MediaLibrary';

export type { PickedMedia } from './MediaLibrary';

/**
 * The media library in a dialog, to choose one file (an image for a CMS page, an event's cover):
 * the member browses, searches and uploads as on the library page, and a click on a file hands
 * back its id and addresses. Pages seen without an account ask the server for a signed address
 * of the chosen id (server/modules/media/index.ts signedMediaUrl).
 */
export function MediaPickerDialog({
  open,
  onClose,
  onPick,
  filter = 'images',
  title = 'Choose from the media library',
  modelType,
  modelId,
}: {
  open: boolean;
  onClose: () => void;
  onPick: (picked: PickedMedia) => void;
  filter?: MediaFilter;
  title?: string;
  modelType?: string;
  modelId?: number;
}) {
  const can = { upload: useCan('media.upload'), create: useCan('media.create'), update: false, delete: false };
  return (
    <Modal open={open} onClose={onClose} title={title} size="xl">
      {open && (
        <MediaLibrary
          mode="pick"
          initialFilter={filter}
          modelType={modelType}
          modelId={modelId}
          can={can}
          onPick={(picked) => {
            onPick(picked);
            onClose();
          }}
        />
      )}
    </Modal>
  );
}
