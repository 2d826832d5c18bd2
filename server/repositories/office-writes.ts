// Adding, renaming, moving and deleting offices, always inside the caller's scope (scope.ts).
// A move rewrites the materialised paths of the whole subtree in one statement, so that scoping by
// path (`/1/11/111/`) stays true for every account, plant and device under it. An office is
// deleted for good only when nothing refers to it: accounts (even cancelled ones, whose records
// stay), plants, devices and their transfer records, API clients and sub-offices each keep it.
import { randomUUID } from 'node:crypto';
import { and, count, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.ts';
import { apiClients, coupons, deviceTransfers, devices, offices, plants, users } from '../db/schema/index.ts';
import { fieldError } from '../errors.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { assertOfficeInScope } from './scope.ts';

type Caller = Pick<AuthContext, 'userId' | 'officeId' | 'officePath' | 'userType'>;

/** The office's own details as a form sends them (countryCode, contacts, address). */
type Details = Partial<Record<'countryCode' | 'contactName' | 'contactPhone' | 'email' | 'address', string | undefined>>;

export interface OfficeInput extends Details {
  officeName: string;
  parentId: string;
  officeType: number;
}

export interface OfficeChanges extends Details {
  officeId: string;
  officeName: string;
  parentId?: string | undefined;
  officeType?: number | undefined;
}

/** The details that were sent, trimmed; the others stay as they are. */
const sentDetails = (input: Details) => Object.fromEntries(
  (['countryCode', 'contactName', 'contactPhone', 'email', 'address'] as const).flatMap((field) => (input[field] !== undefined ? [[field, input[field]!.trim()]] : [])),
);

/** The platform (type 1) is the root office's own type: no other office takes it, nor does the root give it up. */
const PLATFORM = 1;

/** 10003 `unique` on officeName when a sibling under `parentId` has the name, ignoring case. */
async function assertNameFree(tx: Tx, parentId: string, officeName: string, exceptId?: string): Promise<void> {
  const [clash] = await tx.select({ n: count() }).from(offices).where(and(
    eq(offices.parentId, parentId), sql`lower(${offices.name}) = lower(${officeName})`, exceptId ? ne(offices.id, exceptId) : undefined,
  ));
  if (clash && clash.n > 0) throw fieldError('officeName', 'unique', { value: officeName });
}

/** A new sub-office of `parentId`; answers its id. */
export function addOffice(db: Db, caller: Caller, input: OfficeInput): Promise<string> {
  const officeName = input.officeName.trim();
  return db.transaction(async (tx) => {
    const parent = await assertOfficeInScope(tx as unknown as Db, caller, input.parentId);
    await assertNameFree(tx, parent.id, officeName);
    const id = randomUUID();
    if (input.officeType === PLATFORM) throw fieldError('officeType', 'platformOffice');
    await tx.insert(offices).values({ id, parentId: parent.id, name: officeName, path: `${parent.path}${id}/`, officeType: input.officeType, ...sentDetails(input) });
    return id;
  });
}

/** Renames an office and, with a new parentId, moves it with its whole subtree. */
export function editOffice(db: Db, caller: Caller, input: OfficeChanges): Promise<void> {
  const officeName = input.officeName.trim();
  return db.transaction(async (tx) => {
    const office = await assertOfficeInScope(tx as unknown as Db, caller, input.officeId);
    const moving = input.parentId !== undefined && input.parentId !== office.parentId;
    let parentId = office.parentId;
    let path = office.path;
    if (moving) {
      // The caller's own office is the root of their scope: moved, it would leave it.
      if (office.id === caller.officeId) throw fieldError('parentId', 'ownOfficeMove');
      const parent = await assertOfficeInScope(tx as unknown as Db, caller, input.parentId!);
      if (parent.path.startsWith(office.path)) throw fieldError('parentId', 'cycle');
      parentId = parent.id;
      path = `${parent.path}${office.id}/`;
    }
    if (parentId) await assertNameFree(tx, parentId, officeName, office.id);
    const retype = input.officeType !== undefined && input.officeType !== office.officeType;
    if (retype && (input.officeType === PLATFORM || office.officeType === PLATFORM)) throw fieldError('officeType', 'platformOffice');
    await tx.update(offices).set({
      name: officeName, parentId, ...(retype ? { officeType: input.officeType } : {}), ...sentDetails(input), updatedAt: sql`now()`,
    }).where(eq(offices.id, office.id));
    if (moving) {
      await tx.update(offices)
        .set({ path: sql`${path} || substr(${offices.path}, ${office.path.length + 1})` })
        .where(sql`starts_with(${offices.path}, ${office.path})`);
    }
  });
}

/** What keeps an office, in the order the refusal names it: the rule and the rows that refer to it. */
const dependants = (officeId: string): [rule: string, table: PgTable, refers: SQL][] => [
  ['officeHasSubOffices', offices, eq(offices.parentId, officeId)],
  ['officeHasAccounts', users, eq(users.officeId, officeId)],
  ['officeHasPlants', plants, eq(plants.officeId, officeId)],
  ['officeHasDevices', devices, eq(devices.officeId, officeId)],
  ['officeHasDevices', deviceTransfers, or(eq(deviceTransfers.fromOfficeId, officeId), eq(deviceTransfers.toOfficeId, officeId))!],
  ['officeHasApiClients', apiClients, eq(apiClients.officeId, officeId)],
  // The coupon batches its staff gave: the record of who gave the users' coupons.
  ['officeHasCoupons', coupons, eq(coupons.officeId, officeId)],
];

/** Deletes an office nothing refers to; 10003 naming officeId with the first thing that keeps it. */
export function deleteOffice(db: Db, caller: Caller, officeId: string): Promise<void> {
  if (officeId === caller.officeId) throw fieldError('officeId', 'ownOffice');
  return db.transaction(async (tx) => {
    const office = await assertOfficeInScope(tx as unknown as Db, caller, officeId);
    // Locked first, so that no account or device joins the office between the checks and the delete.
    await tx.select({ id: offices.id }).from(offices).where(eq(offices.id, office.id)).for('update');
    for (const [rule, table, refers] of dependants(office.id)) {
      const [row] = await tx.select({ n: count() }).from(table).where(refers);
      if (row && row.n > 0) throw fieldError('officeId', rule, { count: row.n });
    }
    await tx.delete(offices).where(eq(offices.id, office.id));
  });
}
