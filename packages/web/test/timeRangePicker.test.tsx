import './support/dom';
import '../src/i18n';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { Dayjs } from 'dayjs';
import { TimeRangePicker } from '../src/components/TimeRangePicker';

afterEach(cleanup);

/** The shown month's day cell of `day` (antd titles each cell with its date). */
function dayCell(day: number): HTMLElement {
  const cells = Array.from(document.querySelectorAll<HTMLElement>('.ant-picker-cell-in-view'));
  const cell = cells.find((c) => c.textContent === String(day));
  if (!cell) throw new Error(`no day ${day} shown`);
  return cell;
}

function pressOk() {
  const ok = document.querySelector<HTMLButtonElement>('.ant-picker-ok button');
  if (!ok) throw new Error('no OK button');
  fireEvent.click(ok);
}

/** Renders the picker and opens it on its start field; returns the spy its changes reach. */
async function openPicker() {
  const changed = vi.fn<(values: [Dayjs, Dayjs] | null) => void>();
  const { container } = render(
    <AntApp>
      <TimeRangePicker onChange={(values) => changed(values as [Dayjs, Dayjs] | null)} />
    </AntApp>,
  );
  const [start] = Array.from(container.querySelectorAll('input'));
  fireEvent.mouseDown(start as HTMLInputElement);
  fireEvent.click(start as HTMLInputElement);
  await waitFor(() => expect(document.querySelector('.ant-picker-dropdown')).toBeTruthy());
  return changed;
}

describe('a list filtered by a span of date and time (spec 9, time selection defaults)', () => {
  it('starts a day picked without its time at 09:00 and ends it at 18:00, the minutes in steps of 30', async () => {
    const changed = await openPicker();

    // hours and minutes only, the minutes on the hour and the half hour
    const columns = Array.from(document.querySelectorAll('.ant-picker-time-panel-column'));
    expect(columns).toHaveLength(2);
    expect(Array.from(columns[1]!.querySelectorAll('.ant-picker-time-panel-cell-inner'), (c) => c.textContent)).toEqual(['00', '30']);

    fireEvent.click(dayCell(10));
    pressOk();
    fireEvent.click(dayCell(12));
    pressOk();

    await waitFor(() => expect(changed).toHaveBeenCalled());
    const [from, to] = changed.mock.calls.at(-1)![0]!;
    expect([from.date(), from.format('HH:mm:ss')]).toEqual([10, '09:00:00']);
    expect([to.date(), to.format('HH:mm:ss')]).toEqual([12, '18:00:00']);
  });

  it('keeps the date shortcuts to whole days, off the half-hour steps', async () => {
    const changed = await openPicker();
    const today = await waitFor(() => {
      const preset = Array.from(document.querySelectorAll<HTMLElement>('.ant-picker-presets li')).find((li) => li.textContent === '今天');
      if (!preset) throw new Error('no shortcut for today');
      return preset;
    });
    fireEvent.click(today);
    await waitFor(() => expect(changed).toHaveBeenCalled());
    const [from, to] = changed.mock.calls.at(-1)![0]!;
    expect([from.format('HH:mm:ss'), to.format('HH:mm:ss')]).toEqual(['00:00:00', '23:59:59']);
    expect(to.isSame(from, 'day')).toBe(true);
  });
});
