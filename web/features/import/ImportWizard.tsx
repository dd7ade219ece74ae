import { useCallback, useState } from 'react';
import { toast } from 'react-toastify';
import type { ImportColumnInfo, ImportPreviewAnswer, ImportStatusAnswer, ImportUploadAnswer } from '@common/schemas/import';
import { errorMessage } from '@/lib/errors';
import { api } from '@/store/api';
import { useAppDispatch } from '@/store';
import { useCommitImportMutation, usePreviewImportMutation } from '@/store/import-api';
import { MappingStep } from './MappingStep';
import { PreviewStep } from './PreviewStep';
import { ProgressStep } from './ProgressStep';
import { Steps } from './Steps';
import { UploadStep } from './UploadStep';

type Tag = Parameters<typeof api.util.invalidateTags>[0][number];

export type ImportWizardProps = {
  /** where the resource's import endpoints are (`/sales/customers` → `/sales/customers/import/…`) */
  base: string;
  /** plural, lower case: "customers" */
  label: string;
  /** the list to go back to */
  listUrl: string;
  columns: readonly ImportColumnInfo[];
  /** RTK tags whose lists are stale once rows are imported */
  invalidates?: readonly Tag[];
  /**
   * Whether the user may skip the rows with errors and import the rest (true by default). Off
   * where a row is part of a record: skipping one line of an invoice would import the invoice
   * without it.
   */
  skippable?: boolean;
};

type State =
  | { step: 0 }
  | { step: 1; upload: ImportUploadAnswer }
  | { step: 2; upload: ImportUploadAnswer; preview: ImportPreviewAnswer }
  | { step: 3; upload: ImportUploadAnswer; skipping: boolean; expected: number };

/** The 422 messages of a failed call, by field (first message each). */
function fieldErrors(err: unknown): Record<string, string> {
  const errors = (err as { data?: { errors?: Record<string, string[]> } } | null)?.data?.errors ?? {};
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v[0]]));
}

/**
 * One import flow for every importable list: upload (drop or pick, with progress), match the
 * file's columns to the fields (prefilled by the server's suggestion), preview with per-row
 * errors and a downloadable error report, then the import with a progress bar and a summary:
 * all or nothing by default, or the valid rows only when the user chooses to skip the others (the
 * error report of the skipped rows stays on offer). Where the list can merge (the upload's
 * `merge`), the user may preview again with rows matching existing records as updates.
 * Server side: server/http/import-export.ts.
 */
export function ImportWizard({ base, label, listUrl, columns, invalidates = [], skippable = true }: ImportWizardProps) {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<State>({ step: 0 });
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  // rows matching an existing record update it (only offered when the upload says the list can merge)
  const [merge, setMerge] = useState(false);
  const [previewImport, previewing] = usePreviewImportMutation();
  const [commitImport, committing] = useCommitImportMutation();

  const restart = useCallback(() => {
    setState({ step: 0 });
    setErrors({});
    setMerge(false);
  }, []);

  async function preview(upload: ImportUploadAnswer, withMerge = merge) {
    setErrors({});
    const before = merge;
    setMerge(withMerge);
    try {
      const answer = await previewImport({ base, id: upload.id, mapping, merge: Boolean(upload.merge) && withMerge }).unwrap();
      setState({ step: 2, upload, preview: answer });
    } catch (err) {
      setMerge(before);
      const fields = fieldErrors(err);
      setErrors(fields);
      if (!Object.keys(fields).some((k) => k.startsWith('mapping'))) toast.error(errorMessage(err, 'The preview failed.'));
    }
  }

  async function commit(upload: ImportUploadAnswer, { skipInvalid }: { skipInvalid: boolean }) {
    try {
      const answer = await commitImport({ base, id: upload.id, mapping, skip_invalid: skipInvalid, merge: Boolean(upload.merge) && merge }).unwrap();
      setState({ step: 3, upload, skipping: skipInvalid, expected: answer.total });
    } catch (err) {
      toast.error(fieldErrors(err).import ?? errorMessage(err, 'The import could not start.'));
    }
  }

  const finished = useCallback(
    (status: ImportStatusAnswer) => {
      if (status.state === 'done' && invalidates.length) dispatch(api.util.invalidateTags([...invalidates]));
    },
    [dispatch, invalidates],
  );

  return (
    <div>
      <Steps current={state.step} />
      {state.step === 0 && (
        <UploadStep
          base={base}
          label={label}
          onUploaded={(upload) => {
            setMapping(upload.mapping);
            setMerge(false);
            setState({ step: 1, upload });
          }}
        />
      )}
      {state.step === 1 && (
        <MappingStep
          upload={state.upload}
          columns={columns}
          mapping={mapping}
          onChange={setMapping}
          errors={errors}
          busy={previewing.isLoading}
          onBack={restart}
          onPreview={() => void preview(state.upload)}
        />
      )}
      {state.step === 2 && (
        <PreviewStep
          base={base}
          id={state.upload.id}
          label={label}
          preview={state.preview}
          columns={columns}
          mapping={mapping}
          skippable={skippable}
          canMerge={Boolean(state.upload.merge)}
          merge={merge}
          busy={committing.isLoading || previewing.isLoading}
          onBack={() => setState({ step: 1, upload: state.upload })}
          onRestart={restart}
          onMerge={(next) => void preview(state.upload, next)}
          onCommit={(options) => void commit(state.upload, options)}
        />
      )}
      {state.step === 3 && (
        <ProgressStep
          base={base}
          id={state.upload.id}
          label={label}
          listUrl={listUrl}
          skipping={state.skipping}
          expected={state.expected}
          onFinished={finished}
          onRestart={restart}
        />
      )}
    </div>
  );
}
