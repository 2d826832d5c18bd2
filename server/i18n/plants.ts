// Plants, the scan step and the device inventory: the business rules that name a serial or a field.
import type { AreaMessages } from './area.ts';

const en = {
  'rule.snDuplicate': '{field}: {sn} was scanned more than once',
  'rule.snNotExist': '{field}: {sn} is not in the device inventory',
  'rule.snBound': '{field}: {sn} is already bound to a plant',
  'rule.snCombination': '{field}: {sn} (type {snType}) cannot be added after a device of type {firstType}',
  'rule.snNoDevices': '{field}: scan at least one device',
  'rule.ratedPowerMissing': '{field}: the rated power of {sn} is required',
  'rule.ratedPowerRange': '{field}: the rated power of {sn} must be greater than 0 and at most {limit} {unit}',
  'rule.aliasLength': '{field}: the alias of {sn} must have 2 to 30 characters',
  'rule.snParent': '{field}: the parent device {sn} is neither in the inventory nor in this import',
  'rule.importRow': '{field}: row {row}: {reason}',
  'rule.plantHasOwner': '{field}: this end user already owns the plant',
  'rule.samePlantInstaller': '{field}: this installer already looks after the plant',
  'rule.upgradeNotNeeded': '{field}: the plant has no devices that need an upgrade',
  'rule.upgradeRunning': '{field}: an upgrade is already running for this plant',
  'rule.nothingToRetry': '{field}: no failed upgrade to retry',
  'rule.notCsv': '{field}: is not a UTF-8 CSV file',
  'rule.csvColumns': '{field}: the first row must name the sn and snType columns',
  'rule.firmwareBelowMin': '{field}: must not be lower than the minimum version {limit}',
};

export const plantMessages: AreaMessages = {
  en,
  'zh-CN': {
    'rule.snDuplicate': '{field}：{sn} 重复扫描',
    'rule.snNotExist': '{field}：{sn} 不在设备库存中',
    'rule.snBound': '{field}：{sn} 已绑定电站',
    'rule.snCombination': '{field}：类型 {firstType} 的设备之后不能添加 {sn}（类型 {snType}）',
    'rule.snNoDevices': '{field}：请至少扫描一台设备',
    'rule.ratedPowerMissing': '{field}：请填写 {sn} 的额定功率',
    'rule.ratedPowerRange': '{field}：{sn} 的额定功率须大于 0 且不超过 {limit} {unit}',
    'rule.aliasLength': '{field}：{sn} 的别名须为 2 到 30 个字符',
    'rule.snParent': '{field}：父设备 {sn} 既不在库存中也不在本次导入中',
    'rule.importRow': '{field}：第 {row} 行：{reason}',
    'rule.plantHasOwner': '{field}：该终端用户已是电站业主',
    'rule.samePlantInstaller': '{field}：该安装商已负责此电站',
    'rule.upgradeNotNeeded': '{field}：电站没有需要升级的设备',
    'rule.upgradeRunning': '{field}：电站正在升级',
    'rule.nothingToRetry': '{field}：没有可重试的失败升级',
    'rule.notCsv': '{field}：不是 UTF-8 编码的 CSV 文件',
    'rule.csvColumns': '{field}：第一行须包含 sn 和 snType 列',
    'rule.firmwareBelowMin': '{field}：不能低于最低版本 {limit}',
  },
};
