// The offices a device transfer may deliver to, for the office widget's `officesFrom:
// "deviceTransferOffices"`: the server answers what the caller may target (an administrator every
// organisation, anyone else their own), a level at a time, and typing searches all of it.
import { call } from '@/api/client';
import { officeNodes } from '@/custom/shell/office-tree';
import { useOfficeTreeOf, type OfficeSource, type OfficeTree } from '@/custom/shell/use-office-tree';

const transferTargets: OfficeSource = {
  roots: () => call('deviceTransferOffices', { query: {} }).then((list) => officeNodes(list)),
  children: (parentId) => call('deviceTransferOffices', { query: { parentId } }).then((list) => officeNodes(list)),
  search: (searchKey) => call('deviceTransferOffices', { query: { searchKey } }).then((list) => officeNodes(list, true)),
};

export const useTransferOfficeTree = (wanted: boolean): OfficeTree => useOfficeTreeOf(transferTargets, wanted);
