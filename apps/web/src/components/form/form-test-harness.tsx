import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { useForm, type Control, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { afterEach, beforeEach, vi } from 'vitest';
import { Form } from '@/components/ui/form';

/**
 * Renders fields of the form kit in a real react-hook-form form with a "Save" button; `submitted` receives the
 * values that passed validation.
 */
export function renderForm<T extends FieldValues, TOut extends FieldValues = T>(
  resolver: Resolver<T, unknown, TOut>,
  defaultValues: DefaultValues<T>,
  fields: (control: Control<T, unknown, TOut>) => ReactNode,
) {
  const submitted = vi.fn<(values: TOut) => void>();
  function Harness() {
    const form = useForm<T, unknown, TOut>({ resolver, defaultValues });
    return (
      <Form {...form}>
        <form noValidate onSubmit={form.handleSubmit((values) => submitted(values))}>
          {fields(form.control)}
          <button type="submit">Save</button>
        </form>
      </Form>
    );
  }
  const user = userEvent.setup();
  render(<Harness />);
  return { user, submitted };
}

/** The element's error is its message, named by aria-describedby, and it is marked invalid. */
export function describedErrorOf(element: HTMLElement): string {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .filter(Boolean)
    .join(' ');
}

/** Radix measures its checkboxes, radios and switches; jsdom has no ResizeObserver. Call at the top of a test file. */
export function stubResizeObserver() {
  beforeEach(() => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());
}
