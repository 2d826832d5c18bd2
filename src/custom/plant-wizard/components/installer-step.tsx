// Step 3: the installer invite code (001 sections 5 and 6). The code is looked up on blur and
// again before saving when no lookup has succeeded; editing it invalidates the lookup; a failed
// lookup shows nothing and changes nothing; in edit mode a plant's existing code is locked.
import { useCallback, useRef, useState } from 'react';
import { Button, Descriptions, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';

export type Installer = DataOf<'getUserByInviteCode'>;

/** The lookup the step keeps: which code it was for and whom it found. */
export interface InstallerLookup {
  code: string;
  installer: Installer;
}

export function useInstallerLookup(initial?: InstallerLookup) {
  const [lookup, setLookup] = useState<InstallerLookup | undefined>(initial);
  const pending = useRef<string>(undefined);
  /** Looks the code up; answers the installer, or undefined when the lookup failed (nothing changes then). */
  const lookUp = useCallback(async (code: string): Promise<InstallerLookup | undefined> => {
    const trimmed = code.trim();
    if (!trimmed) return undefined;
    pending.current = trimmed;
    try {
      const installer = await call('getUserByInviteCode', { query: { inviteCode: trimmed }, silent: true });
      const found = { code: trimmed, installer };
      if (pending.current === trimmed) setLookup(found);
      return found;
    } catch {
      return undefined;
    }
  }, []);
  const invalidate = useCallback(() => {
    pending.current = undefined;
    setLookup(undefined);
  }, []);
  return { lookup, lookUp, invalidate };
}

interface Props {
  code: string;
  onCodeChange(code: string): void;
  lookup: InstallerLookup | undefined;
  onBlur(): void;
  mandatory: boolean;
  locked: boolean;
  edit: boolean;
  saving: boolean;
  /** A save that found no installer for a mandatory code. */
  error?: string | undefined;
  onPrevious(): void;
  onSave(): void;
}

export function InstallerStep({ code, onCodeChange, lookup, onBlur, mandatory, locked, edit, saving, error, onPrevious, onSave }: Props) {
  const { t } = useTranslation();
  return (
    <div data-testid="installer-step">
      <Form layout="vertical" style={{ maxWidth: 480 }}>
        <Form.Item label={t('plant.fields.pointInviteCode')} required={mandatory} validateStatus={error ? 'error' : undefined} help={error}>
          <Input
            value={code}
            maxLength={32}
            disabled={locked}
            placeholder={t('plantWizard.inviteCodePrompt')}
            aria-label={t('plant.fields.pointInviteCode')}
            onChange={(e) => onCodeChange(e.target.value)}
            onBlur={onBlur}
            data-testid="invite-code"
          />
        </Form.Item>
      </Form>
      {lookup && (
        <Descriptions size="small" column={1} bordered style={{ maxWidth: 480 }} data-testid="installer-found">
          <Descriptions.Item label={t('plant.fields.installerOfficeName')}>{lookup.installer.name}</Descriptions.Item>
          <Descriptions.Item label={t('plant.fields.installerOperatorEmail')}>{lookup.installer.email}</Descriptions.Item>
        </Descriptions>
      )}
      <div className="wizard-actions">
        <Button onClick={onPrevious} data-testid="wizard-previous">{t('plantWizard.previous')}</Button>
        <Button type="primary" loading={saving} onClick={onSave} data-testid="wizard-save">{t(edit ? 'plantWizard.update' : 'plantWizard.save')}</Button>
      </div>
    </div>
  );
}
