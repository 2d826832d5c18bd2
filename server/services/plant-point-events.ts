// The point events of a new plant: its creation, its installed capacity (per whole kWp) and each
// device bound, for the plant's owner and its installer (each gets what the rules for their
// kind of user award); and, when the owner came through an installer's invite code, the
// installer's reward for the invited user (once per invited user).
import type { AwardEvent } from './point-awards.ts';

export interface NewPlant {
  plantUid: string;
  ownerId: string | null;
  installerId: string | null;
  /** The installer whose invite code the plant was added with. */
  invitedBy: string | null;
  deviceSns: string[];
  systemPower: number | null | undefined;
}

export function newPlantAwards(plant: NewPlant): AwardEvent[] {
  const people = [...new Set([plant.ownerId, plant.installerId].filter((id): id is string => !!id))];
  const { plantUid } = plant;
  const awards: AwardEvent[] = people.flatMap((userId) => [
    { userId, event: 'plantCreated' as const, eventKey: plantUid, plantUid },
    ...(plant.systemPower && plant.systemPower >= 1
      ? [{ userId, event: 'installedCapacity' as const, eventKey: plantUid, plantUid, quantity: Math.floor(plant.systemPower) }] : []),
    ...plant.deviceSns.map((sn) => ({ userId, event: 'deviceBound' as const, eventKey: sn.toUpperCase(), plantUid, deviceSn: sn })),
  ]);
  if (plant.invitedBy && plant.ownerId && plant.invitedBy !== plant.ownerId) {
    awards.push({ userId: plant.invitedBy, event: 'inviteCodeUsed', eventKey: plant.ownerId, plantUid });
  }
  return awards;
}
