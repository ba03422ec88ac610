import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApiEnvelope } from '@backroom/schema';
import { http } from '../api/http';
import { useInstantClockText } from '../data/useValueFormat';
import type { FormActionProps } from '../screens/webModule';
import { Dialog } from '../ui/Dialog';

interface Pairing {
  code: string;
  expiresAt: string;
}

/** The terminal form's Pair button: a one-time pairing code (the `pointofsale` action `pair`) shown as text and as a QR code to scan. */
export default function PairAction({ row, item }: FormActionProps) {
  const { t } = useTranslation();
  const clock = useInstantClockText();
  const pair = useMutation({
    mutationFn: async () =>
      (
        await http.post<ApiEnvelope<Pairing>>('/api/DataRepository/Execute/pointofsale', {
          action: 'pair',
          ids: [Number(row.id)],
        })
      ).data.data,
  });
  if (!item.ableToEdit) return null;
  return (
    <>
      <button
        type="button"
        className="btn btn-outline-secondary"
        onClick={() => pair.mutate()}
        disabled={pair.isPending}
      >
        <i className="bi bi-qr-code" aria-hidden="true" /> {t('terminals.pair.button')}
      </button>
      {pair.data && (
        <Dialog
          title={t('terminals.pair.title')}
          onCancel={() => pair.reset()}
          footer={
            <button type="button" className="btn btn-primary" onClick={() => pair.reset()}>
              {t('common.ok')}
            </button>
          }
        >
          <p>
            {t('terminals.pair.intro', {
              time: clock(pair.data.expiresAt),
            })}
          </p>
          <p className="fs-2 font-monospace text-center" data-testid="pairing-code">
            {pair.data.code}
          </p>
          <QrSvg text={pair.data.code} label={t('terminals.pair.qr', { code: pair.data.code })} />
        </Dialog>
      )}
    </>
  );
}

/** The code as an SVG QR code (qrcode loads with this dialog, not with the app). */
function QrSvg({ text, label }: { text: string; label: string }) {
  const [svg, setSvg] = useState('');
  useEffect(() => {
    let cancelled = false;
    import('qrcode')
      .then((qrcode) => qrcode.toString(text, { type: 'svg', margin: 1, width: 200 }))
      .then((markup) => {
        if (!cancelled) setSvg(markup);
      })
      .catch((error: unknown) => console.error('Could not draw the QR code', error));
    return () => {
      cancelled = true;
    };
  }, [text]);
  return (
    <div
      role="img"
      aria-label={label}
      className="text-center"
      data-testid="pairing-qr"
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
