// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { setAsideIds } from './set-aside-ids';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('setAsideIds', () => {
  it('takes a hidden view\'s ids, label targets and test ids out of the document until it is shown again', () => {
    const root = document.createElement('div');
    root.innerHTML = '<label for="name">Name</label><input id="name" data-testid="name-input"><span class="plain" aria-label="Plant name">x</span>';
    document.body.append(root);
    const putBack = setAsideIds(root);
    expect(document.getElementById('name')).toBeNull();
    expect(root.querySelector('label')!.hasAttribute('for')).toBe(false);
    expect(root.querySelector('[data-testid]')).toBeNull();
    expect(root.querySelector('[aria-label]')).toBeNull();
    putBack();
    expect(root.querySelector('.plain')!.getAttribute('aria-label')).toBe('Plant name');
    expect(document.getElementById('name')).toBe(root.querySelector('input'));
    expect(root.querySelector('label')!.getAttribute('for')).toBe('name');
    expect(root.querySelector('input')!.dataset.testid).toBe('name-input');
    root.remove();
  });

  it('sets aside what the hidden view adds or changes meanwhile, and puts back its latest values', async () => {
    const root = document.createElement('div');
    root.innerHTML = '<input id="a">';
    document.body.append(root);
    const putBack = setAsideIds(root);
    const added = document.createElement('div');
    added.innerHTML = '<select id="b"></select>';
    root.append(added);
    root.querySelector('input')!.id = 'a2';
    await flush();
    expect(document.getElementById('b')).toBeNull();
    expect(document.getElementById('a2')).toBeNull();
    // A change still queued when the view is shown again is taken too.
    const late = document.createElement('p');
    late.id = 'late';
    root.append(late);
    putBack();
    expect(['a2', 'b', 'late'].map((id) => document.getElementById(id)?.tagName)).toEqual(['INPUT', 'SELECT', 'P']);
    root.remove();
  });
});
