import { describe, expect, it } from 'vitest';
import type { PassRow } from './pass-lifecycle.ts';
import { listPosition, pageOf, PassesApiError, scanRefusal } from './passes-api.routes.ts';

// The pure pieces of the passes API's handlers; passes-api.test.ts calls the routes over HTTP against PostgreSQL.

const cursorOf = (createdAt: string, id: string) => Buffer.from(`${createdAt}|${id}`).toString('base64url');
const ID = '0b0e4f36-5d5e-4a8f-9b7a-3f1d2c4b5a69';
const AT = '2026-01-02T03:04:05.123456Z';

/** Rows as the list reads them; only the pass id and the creation time's text matter to the page. */
const rows = (...ids: number[]) =>
  ids.map((n) => ({
    pass: { id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}` } as PassRow,
    createdAtText: `2026-01-01T00:00:${String(n).padStart(2, '0')}.000000Z`,
  }));

const refusalOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof PassesApiError) return { status: error.status, code: error.code, details: error.details };
    throw error;
  }
  throw new Error('not refused');
};

describe('listPosition', () => {
  it('starts at the newest without a cursor; after starting_after (or cursor) goes older, before ending_before newer', () => {
    expect(listPosition({})).toEqual({ position: null, newer: false });
    expect(listPosition({ starting_after: cursorOf(AT, ID) })).toEqual({ position: { createdAt: AT, id: ID }, newer: false });
    expect(listPosition({ cursor: cursorOf(AT, ID) })).toEqual({ position: { createdAt: AT, id: ID }, newer: false });
    expect(listPosition({ ending_before: cursorOf(AT, ID) })).toEqual({ position: { createdAt: AT, id: ID }, newer: true });
  });

  it.each([
    [{ cursor: cursorOf(AT, ID), starting_after: cursorOf(AT, ID) }, 'cursor', 'cursor and starting_after are the same parameter: send one.'],
    [
      { starting_after: cursorOf(AT, ID), ending_before: cursorOf(AT, ID) },
      'ending_before',
      'starting_after and ending_before cannot be combined: page one way at a time.',
    ],
    [{ cursor: cursorOf(AT, 'not-a-uuid') }, 'cursor', 'cursor is not a cursor this API returned.'],
    [{ ending_before: cursorOf('2026-01-02', ID) }, 'ending_before', 'ending_before is not a cursor this API returned.'],
    [{ starting_after: 'garbage' }, 'starting_after', 'starting_after is not a cursor this API returned.'],
  ])('refuses %j naming the parameter', (query, param, message) => {
    expect(refusalOf(() => listPosition(query))).toEqual({ status: 400, code: 'invalid_request', details: { [param]: message } });
  });
});

describe('pageOf', () => {
  it('pages older: has_more and next_cursor from the extra row, previous_cursor only when newer passes exist', () => {
    const first = pageOf(rows(9, 8, 7), 2, false, false);
    expect(first.page.map((pass) => pass.id)).toEqual([rows(9)[0]!.pass.id, rows(8)[0]!.pass.id]);
    expect(first).toMatchObject({ has_more: true, hasMore: true, previous_cursor: null });
    expect(first.next_cursor).toBe(cursorOf(rows(8)[0]!.createdAtText, rows(8)[0]!.pass.id));
    expect(first.nextCursor).toBe(first.next_cursor);

    const last = pageOf(rows(7), 2, false, true);
    expect(last).toMatchObject({ has_more: false, hasMore: false, next_cursor: null, nextCursor: null });
    expect(last.previous_cursor).toBe(cursorOf(rows(7)[0]!.createdAtText, rows(7)[0]!.pass.id));
  });

  it('pages newer: read oldest first, answered newest first; has_more tells of newer passes, otherWay of older ones', () => {
    const page = pageOf(rows(1, 2, 3), 2, true, true);
    expect(page.page.map((pass) => pass.id)).toEqual([rows(2)[0]!.pass.id, rows(1)[0]!.pass.id]);
    expect(page).toMatchObject({ has_more: true, hasMore: true });
    expect(page.previous_cursor).toBe(cursorOf(rows(2)[0]!.createdAtText, rows(2)[0]!.pass.id));
    expect(page.next_cursor).toBe(cursorOf(rows(1)[0]!.createdAtText, rows(1)[0]!.pass.id));
  });

  it('answers an empty page without cursors', () => {
    expect(pageOf([], 20, false, false)).toEqual({ page: [], has_more: false, next_cursor: null, previous_cursor: null, hasMore: false, nextCursor: null });
  });
});

describe('scanRefusal', () => {
  it.each([
    ['active', null, null],
    ['invalidated', 'nftTransferred', { code: 'nft_transferred', message: "This pass was invalidated: its NFT left the holder's wallet." }],
    ['invalidated', 'invalidatedByPartner', { code: 'pass_invalidated', message: 'This pass was invalidated.' }],
  ] as const)('%s (%s)', (status, invalidatedReason, refusal) => {
    expect(scanRefusal({ status, invalidatedReason })).toEqual(refusal);
  });
});
