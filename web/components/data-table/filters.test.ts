import { describe, expect, it } from 'vitest';
import { ENABLED_FILTER, filterChoices } from './filters';

describe('filterChoices', () => {
  it('puts "All" first when a filter starts unfiltered and has no choice for it', () => {
    const type = { name: 'type', label: 'Type', options: [{ value: 'income_summary', label: 'Income summary' }, { value: 'balance_sheet', label: 'Balance sheet' }] };
    expect(filterChoices(type).map((o) => o.label)).toEqual(['All', 'Income summary', 'Balance sheet']);
    expect(filterChoices(type)[0].value).toBe('');
  });

  it('keeps a filter that has its own "no filter" choice, or starts on a value, as it is', () => {
    expect(filterChoices(ENABLED_FILTER)).toBe(ENABLED_FILTER.options);
    const status = { name: 'status', label: 'Status', defaultValue: 'open', options: [{ value: 'open', label: 'Open' }, { value: 'closed', label: 'Closed' }] };
    expect(filterChoices(status)).toBe(status.options);
  });
});
