// Which steps the wizard shows and when the installer step is mandatory (001 sections 2, 5 and 6).

/** Office '1' marks the special installer-linked office. */
export const INSTALLER_OFFICE_ID = '1';
const INSTALLER_STEP_ROLES = ['staff1', 'Administrator', 'EndUser'];

export interface WizardUser {
  officeId: string;
  roles: readonly string[];
}

/** The wizard's query parameters (agent mode: a professional adds a plant for an end user). */
export interface AgentParams {
  ifAgent?: string | undefined;
  endUserId?: string | undefined;
  officeId?: string | undefined;
}

export const isAgentMode = (agent: AgentParams) => agent.ifAgent === '1' || agent.ifAgent === 'true';

export function installerStep(user: WizardUser, agent: AgentParams): { visible: boolean; mandatory: boolean } {
  if (isAgentMode(agent)) {
    const linked = Boolean(agent.endUserId) && agent.officeId === INSTALLER_OFFICE_ID;
    return { visible: linked, mandatory: linked };
  }
  const office = user.officeId === INSTALLER_OFFICE_ID;
  return {
    visible: office && user.roles.some((r) => INSTALLER_STEP_ROLES.includes(r)),
    mandatory: office && user.roles.includes('EndUser'),
  };
}

/** Steps in order: scan (1) only when adding, details (2) always, installer (3) when it applies. */
export function wizardSteps(edit: boolean, installer: boolean): number[] {
  return [...(edit ? [] : [1]), 2, ...(installer ? [3] : [])];
}

/** A tab is disabled while its number is higher than the furthest step reached. */
export const tabDisabled = (step: number, furthest: number) => step > furthest;
