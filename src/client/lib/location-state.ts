import type { Location } from 'react-router';

/** What pages pass along in navigation state (SPEC 2: origin and the 'subscribe' action). */
export interface NavState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
  action?: 'subscribe';
  /** News for the page arrived at: the account was just deleted (the home page says so). */
  notice?: 'account-deleted';
}

export function readNavState(state: unknown): NavState {
  if (!state || typeof state !== 'object') return {};
  const { from, action, notice } = state as Record<string, unknown>;
  const result: NavState = {};
  if (from && typeof from === 'object' && typeof (from as Location).pathname === 'string') {
    const f = from as Location;
    result.from = { pathname: f.pathname, search: f.search ?? '', hash: f.hash ?? '' };
  }
  if (action === 'subscribe') result.action = 'subscribe';
  if (notice === 'account-deleted') result.notice = 'account-deleted';
  return result;
}

/** A local path for the origin, or null. */
export function fromPath(state: NavState): string | null {
  if (!state.from) return null;
  const path = `${state.from.pathname}${state.from.search}${state.from.hash}`;
  return path.startsWith('/') && !path.startsWith('//') ? path : null;
}
