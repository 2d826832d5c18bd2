// The one check of the resource descriptors that `npm run check`, `npm start` and the build run:
// their problems as one message per line, or undefined when there are none.
import { menuSeeds } from '../db/seed/menus.ts';
import { PROJECT_ICONS } from '../db/seed/resource-menus.ts';
import { formatProblems, loadDescriptors, ROOT } from './descriptors.ts';

export function checkedDescriptors(root = ROOT): string | undefined {
  const { problems } = loadDescriptors({ root, extraIcons: PROJECT_ICONS, menuNames: menuSeeds.map((m) => m.name) });
  return problems.length ? `resource descriptors refused:\n${formatProblems(problems)}` : undefined;
}
