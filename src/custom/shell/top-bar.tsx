// The permission-gated entries of the top bar (000 section 2 "Top bar"): each is shown only with
// its permission, in the spec's order; main-brand-only ones (system switch, AI assistant) also hide
// for other brands. On narrow screens the layout folds them all into its "more" popover.
import type { ComponentType } from 'react';
import type { Organisation } from '@/api/storage';
import { Permission } from './permission';
import { OrganisationPicker } from './organisation-picker';
import { AddPlantButton } from '@/custom/plant-wizard/add-plant-button';
import { BigScreenLink } from '@/custom/screen/big-screen-link';
import { ServiceSite, SystemSwitch, VpphubLink } from './top-bar/site-links';
import { HelpMenu, MoreMenu, MORE_PERMISSIONS } from './top-bar/info-menus';
import { AiAssistant } from './top-bar/ai-assistant';

interface TopBarContext {
  ownOffice: Organisation;
}

/** Entries without a permission string (`undefined`) are everyone's: the Help menu's security policy. */
const ITEMS: { key: string; permission: string | readonly string[] | undefined; Item: ComponentType<TopBarContext> }[] = [
  { key: 'organisation', permission: 'organization:tree', Item: OrganisationPicker },
  { key: 'systemSwitch', permission: 'common:systemSwitch', Item: SystemSwitch },
  { key: 'addPlant', permission: 'site:add', Item: AddPlantButton },
  { key: 'serviceSite', permission: 'common:serviceSwitch', Item: ServiceSite },
  { key: 'bigScreen', permission: 'bigscreen:admin', Item: BigScreenLink },
  { key: 'vpphub', permission: 'com:vpphupEntry', Item: VpphubLink },
  { key: 'more', permission: Object.values(MORE_PERMISSIONS), Item: MoreMenu },
  { key: 'help', permission: undefined, Item: HelpMenu },
  { key: 'aiAssistant', permission: 'com:ai-assistant', Item: AiAssistant },
];

export function TopBarItems(context: TopBarContext) {
  return ITEMS.map(({ key, permission, Item }) => (permission === undefined
    ? <Item key={key} {...context} />
    : <Permission key={key} anyOf={permission}><Item {...context} /></Permission>));
}
