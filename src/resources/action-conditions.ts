import type { ActionCondition, RowAction } from './types';

/**
 * Whether an action applies to a row: its field holds one of the `when` values, and with
 * `when.notSelf` the row is not the caller's own (the server refuses to lock oneself; the button
 * is not offered).
 */
export function applies(action: RowAction, record: Record<string, unknown>, selfId?: unknown): boolean {
  return holds(action.when, record, selfId);
}

/** Whether a row meets a condition (an action's `when`, a descriptor's `editWhen`); no condition: every row. */
export function holds(when: ActionCondition | undefined, record: Record<string, unknown>, selfId?: unknown): boolean {
  if (!when) return true;
  if (when.field !== undefined && !(when.in ?? []).includes(record[when.field])) return false;
  if (when.notSelf !== undefined && selfId !== undefined && String(record[when.notSelf]) === String(selfId)) return false;
  return true;
}
