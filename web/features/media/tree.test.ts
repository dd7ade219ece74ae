import { describe, expect, it } from 'vitest';
import type { MediaFolder } from '@common/media';
import { breadcrumb, childrenOf, flattenTree, isInsideAny } from './tree';

const f = (id: number, name: string, parent: number | null, path: string): MediaFolder => ({ id, name, parent_id: parent, path, created_at: '', updated_at: '' });
const FOLDERS = [f(1, 'Events', null, '/1/'), f(2, 'Gala', 1, '/1/2/'), f(3, 'Stage', 2, '/1/2/3/'), f(4, 'brand', null, '/4/'), f(5, 'Awards', 1, '/1/5/')];

describe('media folder tree', () => {
  it('reads the breadcrumb from the ancestry', () => {
    expect(breadcrumb(FOLDERS, 3).map((x) => x.name)).toEqual(['Events', 'Gala', 'Stage']);
    expect(breadcrumb(FOLDERS, null)).toEqual([]);
    expect(breadcrumb(FOLDERS, 99)).toEqual([]);
  });

  it('lists a folder’s children by name, whatever their case', () => {
    expect(childrenOf(FOLDERS, null).map((x) => x.name)).toEqual(['brand', 'Events']);
    expect(childrenOf(FOLDERS, 1).map((x) => x.name)).toEqual(['Awards', 'Gala']);
  });

  it('puts each parent before its children', () => {
    expect(flattenTree(FOLDERS).map((n) => `${'-'.repeat(n.depth)}${n.folder.name}`)).toEqual(['brand', 'Events', '-Awards', '-Gala', '--Stage']);
  });

  it('knows a folder cannot go into itself or its subtree', () => {
    expect(isInsideAny(FOLDERS, [1], 3)).toBe(true);
    expect(isInsideAny(FOLDERS, [1], 1)).toBe(true);
    expect(isInsideAny(FOLDERS, [2], 5)).toBe(false);
    expect(isInsideAny(FOLDERS, [2], null)).toBe(false);
    expect(isInsideAny(FOLDERS, [], 3)).toBe(false);
  });
});
