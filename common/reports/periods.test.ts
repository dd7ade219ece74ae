import { describe, expect, it } from 'vitest';
import { addMonths, financialQuarterOf, financialYearOf, periodsOf, resolveRange } from './periods';

describe('financial periods', () => {
  it('finds the financial year and quarter of a date for a year starting in April', () => {
    expect(financialYearOf('2026-03-31', '01-04')).toEqual({ from: '2025-04-01', to: '2026-03-31' });
    expect(financialYearOf('2026-04-01', '01-04')).toEqual({ from: '2026-04-01', to: '2027-03-31' });
    expect(financialQuarterOf('2026-05-20', '01-04')).toEqual({ from: '2026-04-01', to: '2026-06-30' });
    expect(financialQuarterOf('2027-02-01', '01-04')).toEqual({ from: '2027-01-01', to: '2027-03-31' });
    expect(financialYearOf('2026-11-23', '01-01')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('names the ranges from today', () => {
    expect(resolveRange('this_year', '2026-11-23', '01-04')).toEqual({ from: '2026-04-01', to: '2027-03-31' });
    expect(resolveRange('last_year', '2026-11-23', '01-04')).toEqual({ from: '2025-04-01', to: '2026-03-31' });
    expect(resolveRange('this_quarter', '2026-11-23', '01-04')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(resolveRange('last_quarter', '2026-01-10', '01-01')).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(resolveRange('custom', '2026-11-23', '01-01', { date_from: '2026-02-03', date_to: '2026-02-04' })).toEqual({ from: '2026-02-03', to: '2026-02-04' });
  });

  it('buckets a year starting in April into quarters labelled from the financial year', () => {
    const q = periodsOf('2026-04-01', '2027-03-31', 'quarter', '01-04');
    expect(q.map((p) => [p.label, p.from, p.to])).toEqual([
      ['Q1 2026–27', '2026-04-01', '2026-06-30'],
      ['Q2 2026–27', '2026-07-01', '2026-09-30'],
      ['Q3 2026–27', '2026-10-01', '2026-12-31'],
      ['Q4 2026–27', '2027-01-01', '2027-03-31'],
    ]);
    expect(periodsOf('2026-01-01', '2026-12-31', 'quarter', '01-01').map((p) => p.label)).toEqual(['Q1 2026', 'Q2 2026', 'Q3 2026', 'Q4 2026']);
  });

  it('clips the first and last period to the range', () => {
    const m = periodsOf('2026-02-15', '2026-04-10', 'month', '01-01');
    expect(m.map((p) => [p.index, p.label, p.from, p.to])).toEqual([
      [0, 'Feb 2026', '2026-02-15', '2026-02-28'],
      [1, 'Mar 2026', '2026-03-01', '2026-03-31'],
      [2, 'Apr 2026', '2026-04-01', '2026-04-10'],
    ]);
    const y = periodsOf('2025-06-01', '2026-06-30', 'year', '01-04');
    expect(y.map((p) => [p.label, p.from, p.to])).toEqual([
      ['2025–26', '2025-06-01', '2026-03-31'],
      ['2026–27', '2026-04-01', '2026-06-30'],
    ]);
    expect(periodsOf('2026-05-01', '2026-04-01', 'month', '01-01')).toEqual([]);
  });

  it('counts months from a start day that is not the first, and keeps month ends', () => {
    expect(periodsOf('2026-04-15', '2026-06-14', 'month', '15-04').map((p) => [p.from, p.to])).toEqual([
      ['2026-04-15', '2026-05-14'],
      ['2026-05-15', '2026-06-14'],
    ]);
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2026-01-31', -2)).toBe('2025-11-30');
    expect(financialYearOf('2025-03-01', '29-02')).toEqual({ from: '2025-02-28', to: '2026-02-27' });
  });
});
