// The floating panel of every page (000 section 2): message, alarm, customer service, feedback
// and app QR code entries at the right edge, each with its unread badge (99 at most, then 99+).
// One entry is open at a time (the tabs 1, 2, 4 and 5 of the spec, and the support chat);
// clicking the open one, its close button or Esc closes it. The panel folds to one button, and
// stays as the user left it (local storage).
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Badge, Button, Spin, Tooltip } from 'antd';
import { AlertOutlined, CloseOutlined, CustomerServiceOutlined, FormOutlined, MessageOutlined, QrcodeOutlined, RightOutlined, LeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { keys, load, save } from '@/api/storage';
import { useLiveEventState } from '../live-alarms';
import { badgeText, PANEL_ENTRIES, TAB_NUMBERS, toggleEntry, type PanelEntry } from './panel-rules';
import { usePanelCounts } from './use-panel-counts';
import './floating-panel.css';

// The tabs' contents load when one is first opened: every page carries the panel's buttons, few
// open a tab.
const PanelAlarms = lazy(() => import('./panel-alarms').then((m) => ({ default: m.PanelAlarms })));
const PanelMessages = lazy(() => import('./panel-messages').then((m) => ({ default: m.PanelMessages })));
const PanelQr = lazy(() => import('./panel-qr').then((m) => ({ default: m.PanelQr })));
const PanelService = lazy(() => import('./panel-support').then((m) => ({ default: m.PanelService })));
const PanelFeedback = lazy(() => import('./panel-support').then((m) => ({ default: m.PanelFeedback })));

const ICONS: Record<PanelEntry, ReactNode> = {
  message: <MessageOutlined />, alarm: <AlertOutlined />, service: <CustomerServiceOutlined />, feedback: <FormOutlined />, qr: <QrcodeOutlined />,
};
const CONTENT_ID = 'floating-panel-content';

export function FloatingPanel() {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState(() => load<boolean>(keys.floatingPanelCollapsed) === true);
  const [open, setOpen] = useState<PanelEntry>();
  // Bumped by what the panel itself changes (an alarm closed from its detail).
  const [own, setOwn] = useState(0);
  const live = useLiveEventState();
  const reread = live.version + own;
  const changed = useCallback(() => setOwn((v) => v + 1), []);
  // The counts are read again whenever an entry opens or closes: what was read there changes them.
  const [openings, setOpenings] = useState(0);
  const counts = usePanelCounts(`${reread}:${live.messages}:${openings}`, live.untreatedNum);
  const entryButtons = useRef(new Map<PanelEntry, HTMLElement | null>());

  const choose = (next: PanelEntry | undefined) => {
    setOpen(next);
    setOpenings((n) => n + 1);
  };
  const close = useCallback(() => {
    if (open) entryButtons.current.get(open)?.focus();
    setOpen(undefined);
    setOpenings((n) => n + 1);
  }, [open]);
  useEffect(() => {
    if (!open) return;
    // Esc in a dialog or a drawer opened from the panel (an alarm's detail) closes that one first.
    const onKey = (event: KeyboardEvent) => {
      const inLayer = event.target instanceof Element && event.target.closest('.ant-drawer, .ant-modal, .ant-select-dropdown, .ant-picker-dropdown');
      if (event.key === 'Escape' && !inLayer) close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, close]);

  const fold = (next: boolean) => {
    setCollapsed(next);
    if (next) choose(undefined);
    save(keys.floatingPanelCollapsed, next);
  };

  const badges: Record<PanelEntry, number | undefined> = {
    message: counts.messages?.unreadNum, alarm: counts.alarms, service: counts.chatUnread, feedback: undefined, qr: undefined,
  };
  const label = (entry: PanelEntry) => t(`floatingPanel.entry.${entry}`);
  const content: Record<PanelEntry, () => ReactNode> = {
    message: () => <PanelMessages stats={counts.messages} version={live.messages} onLeave={close} />,
    alarm: () => <PanelAlarms version={reread} onChanged={changed} onLeave={close} />,
    service: () => <PanelService />,
    feedback: () => <PanelFeedback onSent={close} />,
    qr: () => <PanelQr />,
  };

  if (collapsed) {
    const total = (badges.message ?? 0) + (badges.alarm ?? 0) + (badges.service ?? 0);
    return (
      <aside className="floating-panel" aria-label={t('floatingPanel.label')} data-testid="floating-panel" data-collapsed="true">
        <div className="floating-panel__rail">
          <Badge count={badgeText(total)} size="small">
            <Button shape="circle" icon={<LeftOutlined />} aria-label={t('floatingPanel.expand')} aria-expanded={false} onClick={() => fold(false)} data-testid="panel-expand" />
          </Badge>
        </div>
      </aside>
    );
  }
  return (
    <aside className="floating-panel" aria-label={t('floatingPanel.label')} data-testid="floating-panel" data-collapsed="false">
      {open && (
        <section id={CONTENT_ID} className="floating-panel__content" role="region" aria-label={label(open)} data-testid="panel-content"
          data-entry={open} data-tab={open === 'service' ? undefined : TAB_NUMBERS[open]}>
          <div className="floating-panel__content-header">
            <span>{label(open)}</span>
            <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('floatingPanel.close')} onClick={close} data-testid="panel-close" />
          </div>
          <Suspense fallback={<Spin style={{ display: 'block', margin: '24px auto' }} />}>{content[open]()}</Suspense>
        </section>
      )}
      <div className="floating-panel__rail" role="toolbar" aria-orientation="vertical" aria-label={t('floatingPanel.label')}>
        {PANEL_ENTRIES.map((entry) => (
          <Tooltip key={entry} title={label(entry)} placement="left">
            <span data-testid={`panel-badge-${entry}`} data-count={badgeText(badges[entry]) ?? ''}>
              <Badge count={badgeText(badges[entry])} size="small">
                <Button shape="circle" icon={ICONS[entry]} aria-pressed={open === entry} aria-controls={open === entry ? CONTENT_ID : undefined}
                  aria-label={badgeText(badges[entry]) ? t('floatingPanel.entryUnread', { name: label(entry), unread: badgeText(badges[entry]) }) : label(entry)}
                  ref={(el) => {
                    entryButtons.current.set(entry, el);
                  }}
                  type={open === entry ? 'primary' : 'default'} onClick={() => choose(toggleEntry(open, entry))} data-testid={`panel-entry-${entry}`} />
              </Badge>
            </span>
          </Tooltip>
        ))}
        <Button shape="circle" type="text" icon={<RightOutlined />} aria-label={t('floatingPanel.collapse')} aria-expanded onClick={() => fold(true)} data-testid="panel-collapse" />
      </div>
    </aside>
  );
}
