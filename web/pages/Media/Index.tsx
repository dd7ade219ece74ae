import { Head } from '@inertiajs/react';
import { PageHeader } from '@/components/display/PageHeader';
import { MediaLibrary } from '@/features/media/MediaLibrary';
import { AppLayout } from '@/layouts/AppLayout';
import { useCan } from '@/lib/page';

/** The media library page (PAGES.md Media/Index, /media-library): the library with everything a member may do. */
export default function MediaIndex() {
  const can = { upload: useCan('media.upload'), create: useCan('media.create'), update: useCan('media.update'), delete: useCan('media.delete') };
  return (
    <>
      <Head title="Media library" />
      <PageHeader title="Media library" description="Images, documents, video and audio for your pages, events and messages." />
      <MediaLibrary mode="manage" syncUrl can={can} />
    </>
  );
}

MediaIndex.layout = AppLayout;
