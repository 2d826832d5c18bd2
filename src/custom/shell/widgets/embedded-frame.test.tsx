// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { EmbeddedFrame } from './embedded-frame';

afterEach(cleanup);

describe('the embedded page frame', () => {
  it('covers the page with a loading overlay until it has loaded, and again for another page', () => {
    const view = render(<EmbeddedFrame src="https://chat.example/a" title="Assistant" testId="frame" />);
    expect(screen.getByTestId('embedded-frame-loading')).toBeTruthy();
    fireEvent.load(screen.getByTestId('frame'));
    expect(screen.queryByTestId('embedded-frame-loading')).toBeNull();
    view.rerender(<EmbeddedFrame src="https://chat.example/b" title="Assistant" testId="frame" />);
    expect(screen.getByTestId('embedded-frame-loading')).toBeTruthy();
    expect(screen.getByTitle('Assistant').getAttribute('src')).toBe('https://chat.example/b');
  });
});
