// Where the plant pages live: the Plant menu page shows the list, or one plant with ?plantUid=;
// the add-station page is the wizard (PlantUid to edit).
export const PLANT_PAGE = '/plant';
export const WIZARD_PAGE = '/add-station';

export const plantPath = (plantUid: string, tab?: string) => `${PLANT_PAGE}?plantUid=${encodeURIComponent(plantUid)}${tab ? `&tab=${tab}` : ''}`;
export const editPlantPath = (plantUid: string) => `${WIZARD_PAGE}?PlantUid=${encodeURIComponent(plantUid)}`;
/** The wizard in agent mode: a plant for this end user of that office. */
export const agentWizardPath = (endUserId: string, officeId: string | undefined) =>
  `${WIZARD_PAGE}?${new URLSearchParams({ ifAgent: '1', endUserId, ...(officeId ? { officeId } : {}) }).toString()}`;
