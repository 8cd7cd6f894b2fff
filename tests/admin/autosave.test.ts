// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { changedFields, keepableValues, restorableFields } from '../../admin/autosave/keptValues.js';
import { allPending, readPending, removePending, savePending } from '../../admin/autosave/pendingDrafts.js';

describe('the values a form keeps', () => {
  it('leave out files chosen in file inputs and passwords, and keep stored images and everything else', () => {
    const stored = { src: '/uploads/a.jpg', variants: [] };
    const chosen = { rawFile: new Blob(['x']), src: 'data:image/png;base64,AA' };
    expect(keepableValues({ title: 'Заголовок', image: chosen, logo: stored, files: [chosen, stored], password: 'secret-password', published: 0 })).toEqual({
      title: 'Заголовок',
      logo: stored,
      files: [stored],
      published: 0,
    });
  });

  it('differ from the form in the editable fields only, compared as JSON', () => {
    const form = { title: 'Было', image: { src: '/a.jpg' }, updated_at: '2026-01-01', lead: '' };
    const kept = { title: 'Стало', image: { src: '/a.jpg' }, updated_at: '2025-01-01', lead: '' };
    expect(changedFields(['title', 'image', 'lead', 'content'], kept, form)).toEqual(['title']);
  });

  it('restore only the fields the editor had changed, or all that differ in a version that does not name them', () => {
    const form = { title: 'Заголовок коллеги', lead: 'Анонс' };
    const kept = keepableValues({ title: 'Заголовок прежний', lead: 'Анонс редактора' }, ['lead']);
    expect(kept).toEqual({ $edited: ['lead'], title: 'Заголовок прежний', lead: 'Анонс редактора' });
    expect(restorableFields(['title', 'lead'], kept, form)).toEqual(['lead']);
    expect(restorableFields(['title', 'lead'], { title: 'Заголовок прежний', lead: 'Анонс редактора' }, form)).toEqual(['title', 'lead']);
  });
});

describe('versions kept in the browser while the server cannot be reached', () => {
  it('are kept per user, resource and record, and listed for their user only', () => {
    const kept = { values: { title: 'Офлайн' }, version: 2, saved_at: '2026-05-12T07:00:00.000Z' };
    savePending({ userId: '1', resource: 'news', recordKey: '5' }, kept);
    savePending({ userId: '2', resource: 'news', recordKey: '5' }, { ...kept, values: { title: 'Чужое' } });
    expect(readPending({ userId: '1', resource: 'news', recordKey: '5' })).toEqual(kept);
    expect(allPending('1')).toEqual([{ resource: 'news', recordKey: '5', kept }]);
    removePending({ userId: '1', resource: 'news', recordKey: '5' });
    expect(readPending({ userId: '1', resource: 'news', recordKey: '5' })).toBeNull();
    expect(allPending('2')).toHaveLength(1);
  });

  it('ignore what is not a kept version', () => {
    window.localStorage.setItem('admin-form-draft:3:news:new', '{"values":');
    expect(readPending({ userId: '3', resource: 'news', recordKey: 'new' })).toBeNull();
    expect(allPending('3')).toEqual([]);
  });
});
