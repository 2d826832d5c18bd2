// Remote device settings: why a command to a device did not go through (docs/device-commands.md).
import type { AreaMessages } from './area.ts';

export const remoteSettingMessages: AreaMessages = {
  en: {
    'rule.deviceNoAnswer': '{field}: the device {sn} did not answer within {seconds} s; nothing was changed. Check that it is online and try again',
    'rule.deviceRefused': '{field}: the device refused: {reason}',
    'rule.deviceBadAnswer': '{field}: the device answered with settings the portal cannot read',
    'rule.commandsOff': '{field}: this server cannot reach devices (its MQTT broker is off); nothing was changed',
    'rule.notInverter': '{field}: only an inverter takes grid-protection settings',
    'rule.notEnergyManager': '{field}: only an energy manager reports its measurements',
    'rule.unknownGridCode': '{field}: {value} is not a grid code this device may follow',
    'rule.below': '{field}: must be below {other}',
  },
  'zh-CN': {
    'rule.deviceNoAnswer': '{field}：设备 {sn} 在 {seconds} 秒内没有应答，未做任何更改。请确认设备在线后重试',
    'rule.deviceRefused': '{field}：设备拒绝了该设置：{reason}',
    'rule.deviceBadAnswer': '{field}：设备返回的设置无法识别',
    'rule.commandsOff': '{field}：本服务器无法连接设备（MQTT 服务未开启），未做任何更改',
    'rule.notInverter': '{field}：只有逆变器可以设置电网保护参数',
    'rule.notEnergyManager': '{field}：只有能量管理器可以上报测量数据',
    'rule.unknownGridCode': '{field}：{value} 不是该设备可用的安规标准',
    'rule.below': '{field}：必须低于 {other}',
  },
};
