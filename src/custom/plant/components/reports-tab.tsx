// The plant's Reports tab: the report view of src/custom/reports, for this plant in its calendar.
import { PlantReport } from '@/custom/reports/plant-report';

export function ReportsTab({ plantUid, timeZone }: { plantUid: string; timeZone?: string }) {
  return <PlantReport plantUid={plantUid} timeZone={timeZone} />;
}
