// The device inventory (service screens: import, list, transfers) and the scan step of the add-plant wizard.
import { translate } from '../i18n/messages.ts';
import { readDeviceCsv, MAX_CSV_BYTES } from '../domain/devices/csv-import.ts';
import { normaliseSn } from '../domain/plants/scan-rules.ts';
import { AppError, ErrCode, fieldError } from '../errors.ts';
import * as repo from '../repositories/devices.ts';
import { pageTransfers, transferDevices } from '../repositories/device-transfers.ts';
import { deleteInventoryDevice, editInventoryDevice, inventoryRow } from '../repositories/device-inventory-edits.ts';
import { checkScanList, scannedRecord } from '../repositories/scan.ts';
import { defineHandlers } from './types.ts';

export const deviceHandlers = defineHandlers({
  deviceImportSingle: ({ db, user, body }) => db.transaction((tx) => repo.importDevice(tx, user, body)),

  async deviceImportBatch({ db, user, body, lang }) {
    // The multipart parser hands file parts over as Buffers; the contract types them as strings.
    const file = body.file as unknown as Buffer;
    if (file.length > MAX_CSV_BYTES) throw fieldError('file', 'fileTooLarge', { limit: MAX_CSV_BYTES / 1024 / 1024 });
    const read = readDeviceCsv(file);
    if ('problem' in read) throw repo.fileError(read.problem.rule, read.problem.params);
    let added = 0;
    const rejected: { line: number; sn?: string; reason: string }[] = [];
    // Row by row in file order, each in its own transaction: a later row may name an earlier one as parent.
    for (const row of read.rows) {
      const sn = row.sn ? { sn: row.sn.slice(0, 100) } : {};
      if (row.problem) {
        rejected.push({ line: row.line, ...sn, reason: translate(lang, `rule.${row.problem.rule}`, { field: row.problem.field, ...row.problem.params }) });
        continue;
      }
      try {
        await db.transaction((tx) => repo.importDevice(tx, user, row.values!));
        added++;
      } catch (error) {
        // A parent outside the caller's reach (10005, as in deviceImportSingle) rejects its row
        // like any other rule: the rows before it are stored, so the file cannot fail as a whole.
        if (!(error instanceof AppError) || (error.code !== ErrCode.badParam && error.code !== ErrCode.forbidden)) throw error;
        rejected.push({ line: row.line, ...sn, reason: translate(lang, error.messageKey, error.params) });
      }
    }
    return { added, rejected };
  },

  deviceInventoryPage: ({ db, user, query }) => repo.pageInventory(db, user, query),
  deviceInventoryDetail: ({ db, user, query }) => inventoryRow(db, user, query.sn),
  deviceInventoryEdit: ({ db, user, body }) => editInventoryDevice(db, user, body),

  async deviceInventoryDelete({ db, user, body }) {
    await deleteInventoryDevice(db, user, body.sn);
    return null;
  },

  deviceInventoryTransfer: ({ db, user, body }) => transferDevices(db, user, body),
  deviceTransferPage: ({ db, user, query }) => pageTransfers(db, user, query),

  checkFirstScanSnInfoV2: ({ db, user, query }) => scannedRecord(db, user, normaliseSn(query.sn)),

  async validateDeviceSnList({ db, user, body }) {
    const { plantType, isParallelShow } = await checkScanList(db, user, body.map((d) => ({ sn: normaliseSn(d.deviceSn) })), 'deviceSn');
    return { plantType, isParallelShow };
  },
});
