import { useEffect, useRef, useState } from 'react';
import type { SegmentCount } from '@common/answers/outreach';
import type { RuleGroup } from '@common/segments';
import { useDebouncedValue } from '@/components/data-table/use-debounced-value';
import { serverFieldErrors } from '@/components/form/zod-errors';
import { errorMessage } from '@/lib/errors';
import { useCountSegmentMutation } from '@/store/outreach-api';

export type LiveCount = {
  /** the last count the server answered for a valid tree (kept while the next one runs) */
  count: SegmentCount | null;
  counting: boolean;
  /** a 422's field errors, keyed as the server names them (rules.rules.0.value) */
  errors: Record<string, string>;
  /** any other failure, in a sentence */
  failure: string | null;
};

/**
 * The rule editor's live count: the rules go to POST /segments/count 400 ms after they stop
 * changing; an answer to an older tree is dropped. The server checks the tree (incomplete
 * conditions, a referenced segment that is gone), so its 422 is what the editor shows.
 */
export function useLiveCount(rules: RuleGroup, enabled = true): LiveCount {
  const current = JSON.stringify(rules);
  const settled = useDebouncedValue(current, 400);
  const [send, sending] = useCountSegmentMutation();
  const [state, setState] = useState<Omit<LiveCount, 'counting'>>({ count: null, errors: {}, failure: null });
  const latest = useRef(0);

  useEffect(() => {
    if (!enabled) return;
    const ticket = ++latest.current;
    send({ rules: JSON.parse(settled) as RuleGroup })
      .unwrap()
      .then((count) => {
        if (ticket === latest.current) setState({ count, errors: {}, failure: null });
      })
      .catch((err: unknown) => {
        if (ticket !== latest.current) return;
        const errors = serverFieldErrors(err);
        setState((s) => ({ ...s, errors: errors ?? {}, failure: errors ? null : errorMessage(err, 'The contacts could not be counted') }));
      });
  }, [settled, enabled, send]);

  // counting from the first change until the answer to the settled tree is in
  return { ...state, counting: enabled && (sending.isLoading || current !== settled) };
}
