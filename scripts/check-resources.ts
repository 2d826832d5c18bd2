// `npm run check` (and `npm test`): every resource descriptor of schemas/resources/ against its
// schema, the contract, its entity and the language files (server/resources/descriptors.ts).
import { checkedDescriptors } from '../server/resources/check.ts';

const problems = checkedDescriptors();
if (problems) {
  console.error(problems);
  process.exit(1);
}
console.log('resource descriptors: ok');
