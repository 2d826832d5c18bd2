// The Plant menu page: the plant lists, or one plant's detail when ?plantUid= names it.
import { useSearchParams } from 'react-router';
import { PlantList } from './list';
import { PlantShow } from './show';

export default function PlantPage() {
  const [params] = useSearchParams();
  const plantUid = params.get('plantUid');
  return plantUid ? <PlantShow key={plantUid} plantUid={plantUid} /> : <PlantList />;
}
