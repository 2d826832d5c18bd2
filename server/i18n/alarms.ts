// Alarms: the names of unknown fault codes and of device types, the export's headings and
// values, why a close is refused, why a plant's own limits are, and the notices a new alarm sends.
import type { AreaMessages } from './area.ts';

export const alarmMessages: AreaMessages = {
  en: {
    'alarms.deviceFault': 'Device fault {code}',
    'alarms.deviceType.1': 'Inverter', 'alarms.deviceType.2': 'Meter', 'alarms.deviceType.3': 'Energy manager',
    'alarms.deviceType.4': 'Module', 'alarms.deviceType.5': 'Module', 'alarms.deviceType.6': 'Charger', 'alarms.deviceType.7': 'Energy manager',
    'alarms.level.0': 'Minor', 'alarms.level.1': 'Major', 'alarms.level.2': 'Critical',
    'alarms.state.1': 'Untreated', 'alarms.state.2': 'Recovered', 'alarms.state.3': 'Closed',
    'alarms.export.fileName': 'Alarms',
    'alarms.export.alarmName': 'Alarm', 'alarms.export.level': 'Level', 'alarms.export.state': 'State', 'alarms.export.deviceSn': 'Device serial',
    'alarms.export.deviceType': 'Device type', 'alarms.export.plantName': 'Plant', 'alarms.export.alarmStartTime': 'Start time',
    'alarms.export.alarmUpdateTime': 'Last update', 'alarms.export.alarmEndTime': 'End time', 'alarms.export.occurrenceNum': 'Occurrences',
    'alarms.notice.title': '{level} alarm: {alarmName}',
    'alarms.notice.body': '{alarmName} on device {deviceSn} of plant {plantName} since {startTime} (UTC). {suggestion}',
    'rule.alarmClosed': '{field}: the alarm is closed already',
    // A plant's own alarm limits (server/domain/alarms/thresholds.ts): {limit} is the other limit, the plant's or its default.
    'rule.thresholdAbove': '{field}: must be above {other} ({limit})',
    'rule.thresholdBelow': '{field}: must be below {other} ({limit})',
  },
  'zh-CN': {
    'alarms.deviceFault': '设备故障 {code}',
    'alarms.deviceType.1': '逆变器', 'alarms.deviceType.2': '电表', 'alarms.deviceType.3': '能量管理器',
    'alarms.deviceType.4': '组件', 'alarms.deviceType.5': '组件', 'alarms.deviceType.6': '充电桩', 'alarms.deviceType.7': '能量管理器',
    'alarms.level.0': '次要', 'alarms.level.1': '重要', 'alarms.level.2': '严重',
    'alarms.state.1': '未处理', 'alarms.state.2': '已恢复', 'alarms.state.3': '已关闭',
    'alarms.export.fileName': '告警',
    'alarms.export.alarmName': '告警', 'alarms.export.level': '级别', 'alarms.export.state': '状态', 'alarms.export.deviceSn': '设备序列号',
    'alarms.export.deviceType': '设备类型', 'alarms.export.plantName': '电站', 'alarms.export.alarmStartTime': '开始时间',
    'alarms.export.alarmUpdateTime': '最近更新', 'alarms.export.alarmEndTime': '结束时间', 'alarms.export.occurrenceNum': '发生次数',
    'alarms.notice.title': '{level}告警：{alarmName}',
    'alarms.notice.body': '电站 {plantName} 的设备 {deviceSn} 自 {startTime}（UTC）起出现{alarmName}。{suggestion}',
    'rule.alarmClosed': '{field}：告警已关闭',
    'rule.thresholdAbove': '{field}：必须高于 {other}（{limit}）',
    'rule.thresholdBelow': '{field}：必须低于 {other}（{limit}）',
  },
};
