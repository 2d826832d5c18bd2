// The embedded page frame (000 section 2 "Other shell screens"): another site's page inside the
// portal (the AI assistant's chat), under a loading overlay until the page has loaded.
import { useState } from 'react';
import { Spin } from 'antd';

interface Props {
  src: string;
  title: string;
  className?: string;
  testId?: string;
}

export function EmbeddedFrame({ src, title, className, testId }: Props) {
  // The source that has loaded: a new one shows the overlay again until it has loaded too.
  const [loaded, setLoaded] = useState<string>();
  return (
    <div style={{ position: 'relative', height: '100%' }}>
      <iframe src={src} title={title} className={className} data-testid={testId} onLoad={() => setLoaded(src)} />
      {loaded !== src && (
        <div data-testid="embedded-frame-loading" style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', background: 'rgba(255, 255, 255, 0.8)' }}>
          <Spin />
        </div>
      )}
    </div>
  );
}
