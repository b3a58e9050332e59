import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider, useNavigate } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadUnsavedChangesDialog, UnsavedChangesProvider, useConfirmDiscard, useUnsavedChanges } from '@/hooks/use-unsaved-changes';

/** A screen keeping its edits in local state, compared with the saved value, as the cryptocurrencies screen does. */
function Editor() {
  const [saved, setSaved] = useState('BTC');
  const [value, setValue] = useState(saved);
  const navigate = useNavigate();
  useUnsavedChanges(value !== saved);
  return (
    <>
      <input aria-label="Assets" value={value} onChange={(event) => setValue(event.target.value)} />
      <Link to="/fees">Fees</Link>
      <button
        type="button"
        onClick={() => {
          // Saved, then on to the next screen in the same tick (as "Save and continue" does).
          setSaved(value);
          void navigate('/fees');
        }}
      >
        Save and continue
      </button>
    </>
  );
}

/** The account switcher's part: switching goes through useConfirmDiscard. */
function SwitchButton({ onSwitch }: { onSwitch: () => void }) {
  const confirmDiscard = useConfirmDiscard();
  return (
    <button type="button" onClick={() => confirmDiscard(onSwitch)}>
      Switch account
    </button>
  );
}

function renderApp(onSwitch = vi.fn()) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <UnsavedChangesProvider>
            <SwitchButton onSwitch={onSwitch} />
            <Outlet />
          </UnsavedChangesProvider>
        ),
        children: [
          { path: '/cryptos', element: <Editor /> },
          { path: '/fees', element: <h1>Fees</h1> },
        ],
      },
    ],
    { initialEntries: ['/cryptos'] },
  );
  render(<RouterProvider router={router} />);
  return { router, onSwitch, user: userEvent.setup() };
}

function unloadIsStopped(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('useUnsavedChanges', () => {
  // The question's module loads on the first edit (as in the browser); here it is loaded before the tests, so that
  // each question's wait covers the screen, not the first transform of the Radix dialog's modules.
  beforeAll(() => loadUnsavedChangesDialog());

  it('asks before a link leaves unsaved edits: Stay keeps them, Leave discards them; closing the tab asks the browser', async () => {
    const { router, user } = renderApp();
    expect(unloadIsStopped()).toBe(false);
    await user.type(screen.getByRole('textbox', { name: 'Assets' }), ', ETH');
    expect(unloadIsStopped()).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Fees' }));
    const question = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(question.textContent).toContain('Your changes on this screen are not saved. If you leave now, they are lost.');
    await user.click(screen.getByRole('button', { name: 'Stay and keep editing' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/cryptos');
    expect(screen.getByRole('textbox', { name: 'Assets' })).toHaveProperty('value', 'BTC, ETH');

    await user.click(screen.getByRole('link', { name: 'Fees' }));
    await user.click(await screen.findByRole('button', { name: 'Leave and discard' }));
    expect(await screen.findByRole('heading', { name: 'Fees' })).toBeDefined();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(unloadIsStopped()).toBe(false);
  });

  it('does not ask once the edits are saved, even when the save moves on in the same tick', async () => {
    const { user } = renderApp();
    await user.type(screen.getByRole('textbox', { name: 'Assets' }), ', ETH');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { name: 'Fees' })).toBeDefined();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('switching account asks only with unsaved edits, and switches only on Switch and discard', async () => {
    const { onSwitch, user } = renderApp();
    await user.click(screen.getByRole('button', { name: 'Switch account' }));
    expect(onSwitch).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'Assets' }), ', ETH');
    await user.click(screen.getByRole('button', { name: 'Switch account' }));
    await screen.findByRole('alertdialog', { name: 'Switch account without saving?' });
    await user.click(screen.getByRole('button', { name: 'Stay and keep editing' }));
    expect(onSwitch).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Switch account' }));
    await user.click(await screen.findByRole('button', { name: 'Switch and discard' }));
    expect(onSwitch).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
