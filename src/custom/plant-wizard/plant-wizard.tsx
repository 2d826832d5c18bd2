// The add/edit plant wizard (001 sections 2 and 4): a left tab strip of up to three steps, each
// tab disabled while beyond the furthest step reached. Editing opens on step 2 with the plant
// loaded, without step 1. The page scrolls to the top 1000 ms after a step change; after an add
// the wizard goes to the new plant's page unless jump cancellation is set. Its state lives in this component,
// so leaving it (unmounting) resets everything.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, App, Form, Result, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { currentLoginInfo, type LoginInfo } from '@/providers/session';
import { errorText } from '@/lib/error-text';
import { STEP_SCROLL_DELAY_MS, savedPlantType } from '@/lib/plant-rules';
import { plantPath } from '@/custom/plant/paths';
import { installerStep, isAgentMode, tabDisabled, wizardSteps, type AgentParams } from './wizard-steps';
import { addInfo, type ScannedBox } from './add-info';
import { ScanStep, type ScanResult } from './components/scan-step';
import { PlantFormStep } from './components/plant-form-step';
import { InstallerStep, useInstallerLookup } from './components/installer-step';
import { AuServerConnection } from './components/au-server-connection';
import { NEW_PLANT_FIELDS, PLANT_FORM_FIELDS, firstDeviceOf, plantFormValues, plantRequestFields } from './plant-values';

type Plant = DataOf<'getOnePlantInfo'>;

export interface PlantWizardProps {
  /** Edit this plant (from a prop, or the page's PlantUid query parameter). */
  plantUid?: string | undefined;
  agent?: AgentParams;
  /** Jump cancellation: stay where the wizard was opened after an add. */
  cancelJump?: boolean;
  onDone?(plantUid: string): void;
}

export function PlantWizard({ plantUid, agent = {}, cancelJump = false, onDone }: PlantWizardProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const edit = Boolean(plantUid);
  const root = useRef<HTMLDivElement>(null);
  const [form] = Form.useForm();
  const [info, setInfo] = useState<LoginInfo>();
  const [plant, setPlant] = useState<Plant>();
  const [loadError, setLoadError] = useState<string>();
  const [agentUser, setAgentUser] = useState<DataOf<'checkAgentUserIfAddCheck'>>();
  // groupCode (the current step) and trueCode (the furthest step reached) of 001 section 3.
  const [step, setStep] = useState(edit ? 2 : 1);
  const [furthest, setFurthest] = useState(edit ? 2 : 1);
  const [boxes, setBoxes] = useState<ScannedBox[]>([]);
  const [scan, setScan] = useState<ScanResult>({ plantType: undefined, isParallelShow: 0 });
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const installerLookup = useInstallerLookup();

  useEffect(() => {
    void currentLoginInfo().then(setInfo, () => undefined);
  }, []);
  useEffect(() => {
    if (!plantUid) return;
    call('getOnePlantInfo', { query: { plantUid }, silent: true }).then((loaded) => {
      setPlant(loaded);
      setScan({ plantType: loaded.type, isParallelShow: loaded.isParallel === 1 ? 1 : 0 });
      setCode(loaded.pointInviteCode ?? '');
    }, (error: unknown) => setLoadError(error instanceof ApiError ? errorText(t, error) : t('errors.unknown')));
  }, [plantUid, t]);
  // Filled once the form is on the page (it renders after the plant has loaded).
  useEffect(() => {
    if (plant) form.setFieldsValue(plantFormValues(plant));
  }, [plant, form]);
  useEffect(() => {
    if (!isAgentMode(agent) || !agent.endUserId) return;
    void call('checkAgentUserIfAddCheck', { query: { endUserId: agent.endUserId }, silent: true }).then(setAgentUser, (error: unknown) =>
      setLoadError(error instanceof ApiError ? errorText(t, error) : t('errors.unknown')));
  }, [agent.ifAgent, agent.endUserId]); // eslint-disable-line react-hooks/exhaustive-deps -- the agent object is new on every render
  useEffect(() => {
    const timer = setTimeout(() => {
      window.scrollTo({ top: 0 });
      root.current?.closest('.ant-modal-wrap')?.scrollTo({ top: 0 });
      document.querySelector('.app-content')?.scrollTo?.({ top: 0 });
    }, STEP_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [step]);

  if (loadError) return <Result status="warning" title={loadError} />;
  if (!info || (edit && !plant)) return <Spin style={{ display: 'block', margin: '10vh auto' }} />;
  if (agentUser?.canAdd === 0) return <Result status="warning" title={t('plantWizard.agentRefused')} />;

  const installer = installerStep({ officeId: info.officeId, roles: info.roles }, agent);
  const steps = wizardSteps(edit, installer.visible);
  const last = steps[steps.length - 1]!;
  const codeLocked = edit && Boolean(plant?.pointInviteCode);
  const storedInstaller = codeLocked && plant?.pointInviteCode
    ? { code: plant.pointInviteCode, installer: { name: plant.installerOfficeName ?? '', email: plant.installerOperatorEmail ?? '' } }
    : undefined;

  const goTo = (next: number) => {
    setStep(next);
    setFurthest((f) => Math.max(f, next));
  };

  const afterScan = (result: ScanResult) => {
    setScan(result);
    // What the scan found fills the form where the user has not typed yet.
    const scanned = addInfo(boxes);
    if (scanned.systemPower !== undefined && !form.isFieldTouched('systemPower')) form.setFieldValue('systemPower', scanned.systemPower);
    if (!form.isFieldTouched('isInstallMeter')) form.setFieldValue('isInstallMeter', scanned.isInstallMeter === 1);
    goTo(2);
  };

  const formNext = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    if (step === last) await save();
    else goTo(3);
  };

  /** The invite code to send, after looking it up when no lookup of this code has succeeded; false stops the save. */
  const inviteCode = async (): Promise<string | undefined | false> => {
    if (!installer.visible || codeLocked) return undefined;
    const trimmed = code.trim();
    if (!trimmed) {
      if (!installer.mandatory) return undefined;
      setCodeError(t('plantWizard.inviteCodePrompt'));
      goTo(3);
      return false;
    }
    const found = installerLookup.lookup?.code === trimmed ? installerLookup.lookup : await installerLookup.lookUp(trimmed);
    if (!found && installer.mandatory) {
      setCodeError(t('plantWizard.inviteCodeUnknown'));
      goTo(3);
      return false;
    }
    return trimmed;
  };

  const save = async () => {
    const pointInviteCode = await inviteCode();
    if (pointInviteCode === false) return;
    setCodeError(undefined);
    setSaving(true);
    const fields = plantRequestFields(form.getFieldsValue(true), edit ? PLANT_FORM_FIELDS : [...PLANT_FORM_FIELDS, ...NEW_PLANT_FIELDS]);
    try {
      let uid: string;
      if (edit) {
        await call('editPlant', { body: { ...fields, plantUid: plantUid!, pointInviteCode }, silent: true });
        uid = plantUid!;
      } else {
        const agentFields = isAgentMode(agent) ? { ifAgent: 1 as const, endUserId: agent.endUserId } : {};
        // The form's values win over what the scan suggested (system power, meter switch).
        const body = { ...addInfo(boxes), ...fields, type: savedPlantType(scan.plantType), pointInviteCode, ...agentFields };
        const answer = await call('addPlant', { body, silent: true });
        uid = answer.plantUid;
      }
      void message.success(t(edit ? 'plantWizard.updated' : 'plantWizard.added'));
      if (!edit && !cancelJump) navigate(plantPath(uid));
      onDone?.(uid);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      void message.error(errorText(t, error));
      const formFields = error.fields.filter((f) => f.field in fields);
      if (formFields.length) {
        form.setFields(formFields.map((f) => ({ name: f.field, errors: [f.message] })));
        goTo(2);
      }
      const codeField = error.fields.find((f) => f.field === 'pointInviteCode');
      if (codeField) setCodeError(codeField.message);
    } finally {
      setSaving(false);
    }
  };

  const stepContent = (n: number) => {
    if (n === 1) return <ScanStep boxes={boxes} onChange={setBoxes} onNext={afterScan} />;
    if (n === 2) {
      return (
        <PlantFormStep
          form={form} edit={edit} plantType={scan.plantType} isParallelShow={scan.isParallelShow}
          // An edited plant's first device comes with it: it decides the system power allowed, as on adding.
          first={plant ? firstDeviceOf(plant) : boxes[0]}
          pictureUrls={{ plantLogo: plant?.plantLogoUrl, projectPic: plant?.projectPicUrl }}
          lastStep={last === 2} saving={saving} onPrevious={() => setStep(1)} onNext={() => void formNext()}
          auConnection={plant && <AuServerConnection plantUid={plant.plantUid ?? plantUid!} auAreaCode={plant.auAreaCode} locked={plant.isAuAreaLocked === 1} lfdi={plant.lfdi} />}
        />
      );
    }
    return (
      <InstallerStep
        code={code} lookup={installerLookup.lookup ?? storedInstaller} mandatory={installer.mandatory} locked={codeLocked} edit={edit} saving={saving} error={codeError}
        onCodeChange={(value) => {
          setCode(value);
          setCodeError(undefined);
          installerLookup.invalidate();
        }}
        onBlur={() => void installerLookup.lookUp(code)}
        onPrevious={() => setStep(2)}
        onSave={() => void save()}
      />
    );
  };

  return (
    <div ref={root} data-testid="plant-wizard">
      {agentUser && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('plantWizard.agentFor', { name: agentUser.endUserName })} />}
      <Tabs
        tabPosition="left"
        activeKey={String(step)}
        onChange={(key) => setStep(Number(key))}
        // Every step is rendered from the start, so that the plant form exists before it is shown.
        items={steps.map((n) => ({ key: String(n), label: t(`plantWizard.steps.${n}`), disabled: tabDisabled(n, furthest), forceRender: true, children: stepContent(n) }))}
      />
    </div>
  );
}
