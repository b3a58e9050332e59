import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';

function Controlled({ onChange }: { onChange: (on: boolean) => void }) {
  const [on, setOn] = useState(false);
  return (
    <>
      <Switch
        id="alerts"
        checked={on}
        onCheckedChange={(next) => {
          setOn(next);
          onChange(next);
        }}
      />
      <Label htmlFor="alerts">E-mail alerts</Label>
    </>
  );
}

describe('Switch', () => {
  it('is a switch named by its label, toggled by pointer, label, Space and Enter, with its state for styles', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    const toggle = screen.getByRole('switch', { name: 'E-mail alerts' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(toggle.dataset.state).toBe('unchecked');

    await user.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(toggle.dataset.state).toBe('checked');
    expect(toggle.querySelector('span')?.dataset.state).toBe('checked');

    await user.click(screen.getByText('E-mail alerts'));
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.keyboard(' ');
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(onChange.mock.calls).toEqual([[true], [false], [true], [false]]);
  });

  it('stays as its owner says when controlled, keeps its own state when not, and does nothing when disabled', async () => {
    const user = userEvent.setup();
    const onCheckedChange = vi.fn();
    const { rerender } = render(<Switch aria-label="Fixed" checked onCheckedChange={onCheckedChange} />);
    await user.click(screen.getByRole('switch', { name: 'Fixed' }));
    expect(onCheckedChange).toHaveBeenCalledWith(false);
    expect(screen.getByRole('switch', { name: 'Fixed' }).getAttribute('aria-checked')).toBe('true');

    rerender(<Switch key="free" aria-label="Free" defaultChecked />);
    const free = screen.getByRole('switch', { name: 'Free' });
    expect(free.getAttribute('aria-checked')).toBe('true');
    await user.click(free);
    expect(free.getAttribute('aria-checked')).toBe('false');

    onCheckedChange.mockClear();
    rerender(<Switch key="locked" aria-label="Locked" checked disabled onCheckedChange={onCheckedChange} />);
    const locked = screen.getByRole('switch', { name: 'Locked' });
    expect(locked).toHaveProperty('disabled', true);
    expect(locked.dataset.disabled).toBe('');
    await user.click(locked);
    expect(onCheckedChange).not.toHaveBeenCalled();
  });

  it('lets a click handler cancel the change', async () => {
    const user = userEvent.setup();
    const onCheckedChange = vi.fn();
    render(<Switch aria-label="Guarded" checked={false} onCheckedChange={onCheckedChange} onClick={(event) => event.preventDefault()} />);
    await user.click(screen.getByRole('switch', { name: 'Guarded' }));
    expect(onCheckedChange).not.toHaveBeenCalled();
  });
});
