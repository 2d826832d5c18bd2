// Plant sharing: the permissions a share grants, its business rules, and the notice a visitor
// created with an account receives.
import type { AreaMessages } from './area.ts';

const en = {
  'sharing.permission.viewPlant': 'View the plant',
  'sharing.permission.viewPlant.description': 'Overview, devices, live power flow and energy figures',
  'sharing.permission.viewReports': 'View reports',
  'sharing.permission.viewReports.description': 'Daily, monthly and yearly reports and their downloads',
  'sharing.permission.viewAlarms': 'View alarms',
  'sharing.permission.viewAlarms.description': 'Alarms of the plant\'s devices and their history',
  'sharing.permission.remoteSettings': 'Remote settings',
  'sharing.permission.remoteSettings.description': 'Read and change the settings of the plant\'s devices remotely',
  'sharing.permission.editPlant': 'Edit the plant',
  'sharing.permission.editPlant.description': 'Change the plant\'s details and pictures',
  'rule.shareOwner': '{field}: the plant cannot be shared with its owner',
  'rule.shareManager': '{field}: this user already manages the plant through their organisation',
  'rule.alreadyShared': '{field}: the plant is already shared with this user',
  'rule.shareSelf': '{field}: you cannot share a plant with yourself',
  'rule.noPendingInvite': '{field}: this visitor\'s account was not created by sharing, or already has a password',
  'sharing.notice.subject': '{sharer} shared a plant with you on {platform}',
  'sharing.notice.body': 'Hello {nickname},\n\n{sharer} shared the plant "{plant}" with you on {platform}, and an account was created for you. Your login is {login}.\n\nSet your password here (the link works once, within {hours} hours):\n{link}\n\nThe page asks for your e-mail address and this code: {code}\n\nIf you did not expect this e-mail, ignore it.\n\n{platform}',
};

export const sharingMessages: AreaMessages = {
  en,
  'zh-CN': {
    'sharing.permission.viewPlant': '查看电站',
    'sharing.permission.viewPlant.description': '概览、设备、实时能量流和发电数据',
    'sharing.permission.viewReports': '查看报表',
    'sharing.permission.viewReports.description': '日、月、年报表及其下载',
    'sharing.permission.viewAlarms': '查看告警',
    'sharing.permission.viewAlarms.description': '电站设备的告警及历史',
    'sharing.permission.remoteSettings': '远程设置',
    'sharing.permission.remoteSettings.description': '远程读取和修改电站设备的设置',
    'sharing.permission.editPlant': '编辑电站',
    'sharing.permission.editPlant.description': '修改电站信息和图片',
    'rule.shareOwner': '{field}：不能把电站分享给它的业主',
    'rule.shareManager': '{field}：该用户已通过所属组织管理此电站',
    'rule.alreadyShared': '{field}：此电站已分享给该用户',
    'rule.shareSelf': '{field}：不能把电站分享给自己',
    'rule.noPendingInvite': '{field}：该访客的账号不是通过分享创建的，或已设置密码',
    'sharing.notice.subject': '{sharer} 在 {platform} 上与您分享了一个电站',
    'sharing.notice.body': '{nickname}，您好：\n\n{sharer} 在 {platform} 上与您分享了电站“{plant}”，并为您创建了账号。您的登录名为 {login}。\n\n请通过以下链接设置密码（仅可使用一次，{hours} 小时内有效）：\n{link}\n\n页面会要求输入您的邮箱和此验证码：{code}\n\n如果这不是您预期的邮件，请忽略。\n\n{platform}',
  } satisfies Record<keyof typeof en, string>,
};
