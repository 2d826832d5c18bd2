// The AU utility-server connection: why a server cannot be used (errorType 1's errorMsg), why an
// upgrade task failed, and the rules of starting and retrying upgrades.
import type { AreaMessages } from './area.ts';

export const auUpgradeMessages: AreaMessages = {
  en: {
    'rule.auServerUnknown': '{field}: not one of the AU utility servers',
    'rule.auServerUnusable': '{field}: this server cannot be used for the plant; check the connection again',
    'auUpgrade.locked': 'The plant is already connected to another utility server, which cannot be changed',
    'auUpgrade.notAustralian': 'Utility servers serve plants in Australia only; the plant\'s country is not Australia',
    'auUpgrade.outsideArea': 'The plant\'s state is not served by this utility server',
    'auUpgrade.noDevices': 'The plant has no inverter or energy manager that could connect to the server',
    'auUpgrade.deviceOffline': 'The device was offline when its upgrade was to start',
    'auUpgrade.deviceGone': 'The device is no longer bound to the plant',
  },
  'zh-CN': {
    'rule.auServerUnknown': '{field}：不是可用的澳洲电网服务器',
    'rule.auServerUnusable': '{field}：该服务器不能用于此电站，请重新检查连接',
    'auUpgrade.locked': '电站已连接到其他电网服务器，不能更改',
    'auUpgrade.notAustralian': '电网服务器只服务澳大利亚的电站，该电站所在国家不是澳大利亚',
    'auUpgrade.outsideArea': '该电网服务器不服务电站所在的州',
    'auUpgrade.noDevices': '电站没有可连接服务器的逆变器或能量管理器',
    'auUpgrade.deviceOffline': '升级开始时设备离线',
    'auUpgrade.deviceGone': '设备已不再绑定此电站',
  },
};
