import './support/dom';
import '../src/i18n';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { CodeScanner } from '../src/components/scan/CodeScanner';

afterEach(cleanup);

/** A keyboard-wedge scanner: the characters land in the focused input, then Enter (and maybe Tab). */
function wedge(input: HTMLInputElement, text: string, ...endKeys: string[]) {
  fireEvent.change(input, { target: { value: text } });
  for (const key of endKeys) fireEvent.keyDown(input, { key });
}

describe('CodeScanner', () => {
  it('emits each code ended by Enter and keeps the input for the next one', () => {
    const onScan = vi.fn();
    render(<CodeScanner onScan={onScan} />);
    const input = screen.getByTestId<HTMLInputElement>('scan-input');
    wedge(input, 'AB0001', 'Enter');
    wedge(input, 'AB0002', 'Enter');
    expect(onScan.mock.calls).toEqual([['AB0001'], ['AB0002']]);
    expect(input.value).toBe('');
  });

  it('tolerates a trailing Tab: one code, focus not moved away', () => {
    const onScan = vi.fn();
    render(<CodeScanner onScan={onScan} />);
    const input = screen.getByTestId<HTMLInputElement>('scan-input');
    input.focus();
    wedge(input, 'AB0003', 'Enter', 'Tab');
    wedge(input, 'AB0004', 'Tab');
    expect(onScan.mock.calls).toEqual([['AB0003'], ['AB0004']]);
    expect(document.activeElement).toBe(input);
  });

  it('takes the code out of a printed URL and refuses text without one', () => {
    const onScan = vi.fn();
    render(<CodeScanner onScan={onScan} />);
    const input = screen.getByTestId<HTMLInputElement>('scan-input');
    wedge(input, 'https://t.example.com/antiCounterfeiting?code=QR77', 'Enter');
    wedge(input, 'https://id.example.com/01/09506000134352/21/GS9', 'Enter');
    wedge(input, 'https://example.com/nothing-here', 'Enter');
    expect(onScan.mock.calls).toEqual([['QR77'], ['GS9']]);
    expect(screen.getByTestId('scan-unreadable').textContent).toContain('https://example.com/nothing-here');
  });
});
