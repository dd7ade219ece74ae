import { describe, expect, it } from 'vitest';
import { acceptedLabel, checkFile, formatBytes, matchesAccept, progressPercent } from './file-checks';

const AVATAR = { accept: ['image/jpeg', 'image/png', 'image/webp'], maxBytes: 2 * 1024 * 1024, label: 'avatar' };

describe('files chosen for upload', () => {
  it('pass when type and size are right', () => {
    expect(checkFile({ name: 'me.png', type: 'image/png', size: 120_000 }, AVATAR)).toBeNull();
    expect(checkFile({ name: 'me.JPG', type: '', size: 120_000 }, AVATAR)).toBeNull(); // type from the extension
  });

  it('are refused with the reason', () => {
    expect(checkFile({ name: 'me.gif', type: 'image/gif', size: 10 }, AVATAR)).toBe('The avatar field must be a file of type: jpg, png, webp.');
    expect(checkFile({ name: 'me.png', type: 'image/png', size: 3 * 1024 * 1024 }, AVATAR)).toBe('The avatar field must not be greater than 2 MB.');
    expect(checkFile({ name: 'empty.png', type: 'image/png', size: 0 }, AVATAR)).toBe('The avatar field must not be an empty file.');
  });

  it('match MIME types, wildcards and extensions', () => {
    expect(matchesAccept({ name: 'a.pdf', type: 'application/pdf' }, ['.pdf'])).toBe(true);
    expect(matchesAccept({ name: 'a.csv', type: 'text/csv' }, ['image/*'])).toBe(false);
    expect(matchesAccept({ name: 'a.webp', type: 'image/webp' }, ['image/*'])).toBe(true);
    expect(matchesAccept({ name: 'anything', type: 'x/y' }, [])).toBe(true);
    expect(acceptedLabel(['image/*', '.pdf', 'text/csv'])).toBe('image files, pdf, csv');
  });

  it('have readable sizes', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(2 * 1024 * 1024)).toBe('2 MB');
  });
});

describe('upload progress', () => {
  it('is a whole percentage from 0 to 100', () => {
    expect(progressPercent({ percentage: 42.6 })).toBe(43);
    expect(progressPercent({ loaded: 50, total: 200 })).toBe(25);
    expect(progressPercent(130)).toBe(100);
    expect(progressPercent(null)).toBeNull();
    expect(progressPercent({ loaded: 5 })).toBeNull();
  });
});
