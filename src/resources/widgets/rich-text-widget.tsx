// Formatted text (notices, product descriptions) written in Markdown, with a toolbar for the
// common marks and a preview rendered as text nodes only, so that stored text can never inject
// markup into the page.
import { useRef, useState } from 'react';
import { Button, Input, Segmented, Space, Typography } from 'antd';
import { BoldOutlined, ItalicOutlined, OrderedListOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useTranslation } from 'react-i18next';

const MARKS: [React.ReactNode, string, string, string][] = [
  [<BoldOutlined key="b" />, 'bold', '**', '**'], [<ItalicOutlined key="i" />, 'italic', '_', '_'],
  [<UnorderedListOutlined key="u" />, 'bullets', '\n- ', ''], [<OrderedListOutlined key="o" />, 'numbers', '\n1. ', ''],
];

/** The Markdown subset the preview shows: paragraphs, list items, bold and italic. */
function Preview({ text }: { text: string }) {
  const inline = (line: string) => line.split(/(\*\*[^*]+\*\*|_[^_]+_)/).map((part, i) =>
    part.startsWith('**') ? <strong key={i}>{part.slice(2, -2)}</strong> : part.startsWith('_') && part.length > 2 ? <em key={i}>{part.slice(1, -1)}</em> : part);
  return (
    <Typography>
      {text.split('\n').map((line, i) => /^(- |\d+\. )/.test(line)
        ? <div key={i}>• {inline(line.replace(/^(- |\d+\. )/, ''))}</div>
        : <p key={i} style={{ margin: 0, minHeight: '1em' }}>{inline(line)}</p>)}
    </Typography>
  );
}

export function RichTextWidget({ id, value, disabled, readonly, onChange, schema }: WidgetProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const area = useRef<TextAreaRef>(null);
  const text = typeof value === 'string' ? value : '';
  const mark = (before: string, after: string) => {
    const input = area.current?.resizableTextArea?.textArea;
    const [from, to] = input ? [input.selectionStart, input.selectionEnd] : [text.length, text.length];
    onChange(`${text.slice(0, from)}${before}${text.slice(from, to)}${after}${text.slice(to)}`);
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <Segmented size="small" value={mode} onChange={(m) => setMode(m as 'write' | 'preview')}
          options={[{ value: 'write', label: t('resource.write') }, { value: 'preview', label: t('resource.preview') }]} />
        {mode === 'write' && MARKS.map(([icon, name, before, after]) => (
          <Button key={name} size="small" icon={icon} aria-label={t(`resource.marks.${name}`)} disabled={disabled || readonly} onClick={() => mark(before, after)} />
        ))}
      </Space>
      {mode === 'write'
        ? <Input.TextArea ref={area} id={id} value={text} disabled={disabled || readonly} rows={6} maxLength={schema.maxLength} showCount={Boolean(schema.maxLength)}
            onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)} />
        : <Preview text={text} />}
    </Space>
  );
}
