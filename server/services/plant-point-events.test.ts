// Which point events a new plant reports, and for whom.
import { describe, expect, it } from 'vitest';
import { newPlantAwards } from './plant-point-events.ts';

describe('newPlantAwards', () => {
  it('reports the plant, its whole kWp and each device for owner and installer, and the invite for the installer', () => {
    const awards = newPlantAwards({ plantUid: 'p1', ownerId: 'owner', installerId: 'inst', invitedBy: 'inst', deviceSns: ['ab1'], systemPower: 6.9 });
    expect(awards.map((a) => `${a.userId}:${a.event}:${a.eventKey}:${a.quantity ?? 1}`)).toEqual([
      'owner:plantCreated:p1:1', 'owner:installedCapacity:p1:6', 'owner:deviceBound:AB1:1',
      'inst:plantCreated:p1:1', 'inst:installedCapacity:p1:6', 'inst:deviceBound:AB1:1',
      'inst:inviteCodeUsed:owner:1',
    ]);
  });

  it('reports no capacity under 1 kWp, each person once, and no invite without an owner', () => {
    const awards = newPlantAwards({ plantUid: 'p2', ownerId: null, installerId: 'inst', invitedBy: 'inst', deviceSns: [], systemPower: 0.8 });
    expect(awards.map((a) => `${a.userId}:${a.event}`)).toEqual(['inst:plantCreated']);
    const self = newPlantAwards({ plantUid: 'p3', ownerId: 'same', installerId: 'same', invitedBy: null, deviceSns: [], systemPower: null });
    expect(self.map((a) => `${a.userId}:${a.event}`)).toEqual(['same:plantCreated']);
  });
});
