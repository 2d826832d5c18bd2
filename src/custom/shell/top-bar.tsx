// The permission-gated entries of the top bar (000 section 2 "Top bar"): each is shown only with
// its permission. About us, version info, contact us, FAQ and user manual join this list when
// their screens and calls exist.
import type { ComponentType } from 'react';
import type { Organisation } from '@/api/storage';
import { Permission } from './permission';
import { OrganisationPicker } from './organisation-picker';
import { AddPlantButton } from '@/custom/plant-wizard/add-plant-button';
import { BigScreenLink } from '@/custom/screen/big-screen-link';

interface TopBarContext {
  ownOffice: Organisation;
}

const ITEMS: { key: string; permission: string; Item: ComponentType<TopBarContext> }[] = [
  { key: 'organisation', permission: 'organization:tree', Item: OrganisationPicker },
  { key: 'addPlant', permission: 'site:add', Item: AddPlantButton },
  { key: 'bigScreen', permission: 'bigscreen:admin', Item: BigScreenLink },
];

export function TopBarItems(context: TopBarContext) {
  return ITEMS.map(({ key, permission, Item }) => (
    <Permission key={key} anyOf={permission}><Item {...context} /></Permission>
  ));
}
