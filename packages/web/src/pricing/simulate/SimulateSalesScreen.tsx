import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useOutletDropdown } from '../../data/hooks';
import { FieldProblem } from '../../ui/FieldProblem';
import { useTranslation } from 'react-i18next';
import type { SimulateLineRequest, SimulateSalesRequest, SimulateSalesResult } from '@backroom/schema';
import { serverMessage } from '../../screens/errorText';
import { translateMessage } from '../../i18n/serverMessages';
import type { SingleScreenProps } from '../../screens/webModule';
import { WallClockInput } from '../../fields/TemporalInputs';
import { FormAlert } from '../../ui/FormAlert';
import { TitledCard } from '../../ui/TitledCard';
import { simulateApi } from './api';
import { isQuantity, itemOf, linesOf, withoutLine, withQuantity, type BasketLineState } from './basket';
import { Receipt } from './Receipt';
import { WhyPanel } from './WhyPanel';

const STORE_CHANNELS = ['store', 'dineIn', 'takeaway', 'delivery'] as const;

interface Settings {
  outlet: number | null;
  channel: string;
  member: string;
  /** The outlet's wall-clock time (`yyyy-mm-ddTHH:mm`), blank for now. */
  at: string;
  voucherCodes: string[];
  discounts: number[];
}

const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());

/**
 * `simulatesales`: pick an outlet, channel, member and moment, type or scan items, and see the
 * basket priced by the engine — each line's price source and adjustments, the receipt's totals,
 * and why every rule fired or not.
 */
export default function SimulateSalesScreen(_props: SingleScreenProps) {
  const { t } = useTranslation();
  const ids = {
    outlet: useId(),
    channel: useId(),
    member: useId(),
    at: useId(),
    scan: useId(),
    voucher: useId(),
    discount: useId(),
  };
  const scanRef = useRef<HTMLInputElement>(null);
  const outlets = useOutletDropdown();
  const channels = useQuery({
    queryKey: ['simulate', 'channels'],
    queryFn: () => simulateApi.options('onlinesaleschannel'),
    retry: false,
  });
  const discountOptions = useQuery({
    queryKey: ['simulate', 'discounts'],
    queryFn: () => simulateApi.options('discount'),
    retry: false,
  });
  const [settings, setSettings] = useState<Settings>({
    outlet: null,
    channel: 'store',
    member: '',
    at: '',
    voucherCodes: [],
    discounts: [],
  });
  const [typedMember, setTypedMember] = useState('');
  const [atUnfinished, setAtUnfinished] = useState(false);
  const [scan, setScan] = useState('');
  const [voucher, setVoucher] = useState('');
  const [discount, setDiscount] = useState('');
  const [lines, setLines] = useState<BasketLineState[]>([]);
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [result, setResult] = useState<SimulateSalesResult | undefined>();

  const first = outlets.options[0];
  const outlet = settings.outlet ?? (first ? Number(first.value) : null);

  const pricing = useMutation({
    mutationFn: (request: SimulateSalesRequest) => simulateApi.addItem(request),
    onSuccess: (priced) => {
      setResult(priced);
      setLines(linesOf(priced));
      setQuantities({});
    },
  });

  const price = (next: Partial<Settings> = {}, basket: BasketLineState[] = lines, added?: SimulateLineRequest) => {
    const s = { ...settings, ...next };
    const at = s.outlet ?? outlet;
    if (at === null) return;
    if (basket.length === 0 && !added) {
      setResult(undefined);
      pricing.reset();
      return;
    }
    pricing.mutate({
      outlet: at,
      channel: s.channel,
      member: optional(s.member),
      at: optional(s.at),
      voucherCodes: s.voucherCodes,
      discounts: s.discounts.map((d) => ({ discount: d })),
      lines: basket,
      item: added,
    });
  };

  const change = (next: Partial<Settings>) => {
    setSettings((s) => ({ ...s, ...next }));
    price(next);
  };

  useEffect(() => {
    if (settings.outlet === null && first) setSettings((s) => ({ ...s, outlet: Number(first.value) }));
  }, [first, settings.outlet]);

  const add = (event: FormEvent) => {
    event.preventDefault();
    const entry = itemOf(scan);
    if (!entry) return;
    price({}, lines, entry);
    setScan('');
    scanRef.current?.focus();
  };

  const setQuantity = (index: number) => {
    const typed = quantities[index];
    if (typed === undefined || typed === lines[index]?.quantity) return;
    if (typed.trim() !== '' && Number(typed) <= 0) return price({}, withQuantity(lines, index, typed));
    if (isQuantity(typed)) price({}, withQuantity(lines, index, typed));
  };

  const error = pricing.error ? translateMessage(t, serverMessage(pricing.error) ?? String(pricing.error)) : null;
  const addVoucher = (event: FormEvent) => {
    event.preventDefault();
    const code = voucher.trim();
    if (!code || settings.voucherCodes.includes(code)) return;
    change({ voucherCodes: [...settings.voucherCodes, code] });
    setVoucher('');
  };
  const addDiscount = (event: FormEvent) => {
    event.preventDefault();
    const id = Number(discount);
    if (!id || settings.discounts.includes(id)) return;
    change({ discounts: [...settings.discounts, id] });
    setDiscount('');
  };
  const discountName = (id: number) => discountOptions.data?.find((d) => d.value === id)?.text ?? String(id);

  return (
    <TitledCard titleId="simulatesales-title" title={t('pricing.simulate.title')}>
      <p className="text-body-secondary">{t('pricing.simulate.hint')}</p>
      <div className="row g-2 mb-3">
        <div className="col-sm-6 col-lg-3">
          <label htmlFor={ids.outlet} className="form-label">
            {t('pricing.simulate.outlet')}
          </label>
          <select
            id={ids.outlet}
            className="form-select"
            value={outlet ?? ''}
            onChange={(e) => change({ outlet: Number(e.target.value) })}
            aria-describedby={outlets.error && `${ids.outlet}-error`}
          >
            {outlets.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          <FieldProblem id={`${ids.outlet}-error`} text={outlets.error} />
        </div>
        <div className="col-sm-6 col-lg-3">
          <label htmlFor={ids.channel} className="form-label">
            {t('pricing.simulate.channel')}
          </label>
          <select
            id={ids.channel}
            className="form-select"
            value={settings.channel}
            onChange={(e) => change({ channel: e.target.value })}
          >
            {STORE_CHANNELS.map((c) => (
              <option key={c} value={c}>
                {t(`pricing.simulate.channels.${c}`)}
              </option>
            ))}
            {channels.data?.map((c) => (
              <option key={c.value} value={String(c.value)}>
                {t('pricing.simulate.onlineChannel', { name: c.text })}
              </option>
            ))}
          </select>
        </div>
        <form
          className="col-sm-6 col-lg-3"
          onSubmit={(e) => {
            e.preventDefault();
            change({ member: typedMember });
          }}
        >
          <label htmlFor={ids.member} className="form-label">
            {t('pricing.simulate.member')}
          </label>
          <input
            id={ids.member}
            className="form-control"
            placeholder={t('pricing.simulate.memberHint')}
            value={typedMember}
            onChange={(e) => setTypedMember(e.target.value)}
            onBlur={() => typedMember !== settings.member && change({ member: typedMember })}
          />
        </form>
        <div className="col-sm-6 col-lg-3">
          <label htmlFor={ids.at} className="form-label">
            {t('pricing.simulate.moment')}
          </label>
          <WallClockInput
            id={ids.at}
            className={`form-control${atUnfinished ? ' is-invalid' : ''}`}
            aria-invalid={atUnfinished || undefined}
            value={settings.at}
            onChange={(at, valid) => {
              // Priced once the text is a whole date and time (or blank, for now); until then it is marked.
              setAtUnfinished(!valid);
              if (valid) change({ at });
            }}
          />
          <div className="form-text">{t('pricing.simulate.momentHint')}</div>
        </div>
      </div>

      <div className="row g-4">
        <div className="col-lg-8">
          <form className="input-group mb-3" onSubmit={add}>
            <label htmlFor={ids.scan} className="input-group-text">
              <i className="bi bi-upc-scan me-2" aria-hidden="true" />
              {t('pricing.simulate.scan')}
            </label>
            <input
              ref={scanRef}
              id={ids.scan}
              className="form-control"
              autoComplete="off"
              placeholder={t('pricing.simulate.scanHint')}
              value={scan}
              onChange={(e) => setScan(e.target.value)}
            />
            <button type="submit" className="btn btn-primary" disabled={outlet === null || pricing.isPending}>
              {t('pricing.simulate.add')}
            </button>
          </form>

          <div className="row g-2 mb-3">
            <form className="col-md-6" onSubmit={addVoucher}>
              <label htmlFor={ids.voucher} className="form-label">
                {t('pricing.simulate.voucher')}
              </label>
              <div className="input-group">
                <input
                  id={ids.voucher}
                  className="form-control"
                  autoComplete="off"
                  value={voucher}
                  onChange={(e) => setVoucher(e.target.value)}
                />
                <button type="submit" className="btn btn-outline-secondary">
                  {t('pricing.simulate.apply')}
                </button>
              </div>
              <Chips
                items={settings.voucherCodes}
                label={(v) => v}
                onRemove={(v) => change({ voucherCodes: settings.voucherCodes.filter((x) => x !== v) })}
              />
            </form>
            <form className="col-md-6" onSubmit={addDiscount}>
              <label htmlFor={ids.discount} className="form-label">
                {t('pricing.simulate.discount')}
              </label>
              <div className="input-group">
                <select
                  id={ids.discount}
                  className="form-select"
                  value={discount}
                  onChange={(e) => setDiscount(e.target.value)}
                >
                  <option value="">{t('pricing.simulate.chooseDiscount')}</option>
                  {discountOptions.data?.map((d) => (
                    <option key={d.value} value={d.value}>
                      {d.text}
                    </option>
                  ))}
                </select>
                <button type="submit" className="btn btn-outline-secondary">
                  {t('pricing.simulate.give')}
                </button>
              </div>
              <Chips
                items={settings.discounts}
                label={discountName}
                onRemove={(d) => change({ discounts: settings.discounts.filter((x) => x !== d) })}
              />
            </form>
          </div>

          <FormAlert>{error}</FormAlert>
          {pricing.isPending && (
            <p className="text-body-secondary" role="status">
              {t('pricing.simulate.pricing')}
            </p>
          )}

          <div className="table-responsive">
            <table className="table align-middle" aria-label={t('pricing.simulate.basket')}>
              <thead>
                <tr>
                  <th scope="col">{t('pricing.simulate.item')}</th>
                  <th scope="col" className="text-end" style={{ width: '8rem' }}>
                    {t('pricing.simulate.quantity')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('pricing.simulate.unitPrice')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('pricing.simulate.lineTotal')}
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">{t('pricing.simulate.remove')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {!result || result.lines.length === 0 ? (
                  <tr>
                    <td colSpan={5} className="text-body-secondary">
                      {t('pricing.simulate.empty')}
                    </td>
                  </tr>
                ) : (
                  result.lines.map((line, index) => (
                    <tr key={`${line.product ?? 'b'}-${line.bundle ?? ''}`} data-testid={`line-${line.code}`}>
                      <td>
                        <div>
                          <strong>{line.code}</strong> {line.name}
                        </div>
                        <span className="badge text-bg-secondary me-1">
                          {t(`pricing.simulate.sources.${line.priceSource}`)}
                        </span>
                        {line.taxCode && <span className="badge text-bg-light">{line.taxCode}</span>}
                        {line.adjustments.length > 0 && (
                          <ul
                            className="list-unstyled small text-success mb-0 mt-1"
                            aria-label={t('pricing.simulate.adjustmentsOf', { item: line.code })}
                          >
                            {line.adjustments.map((a) => (
                              <li key={`${a.kind}:${a.id}`}>
                                {a.name} −{a.amount}
                              </li>
                            ))}
                          </ul>
                        )}
                      </td>
                      <td className="text-end">
                        <input
                          className={`form-control form-control-sm text-end${quantities[index] !== undefined && !isQuantity(quantities[index]!) && Number(quantities[index]) > 0 ? ' is-invalid' : ''}`}
                          inputMode="decimal"
                          aria-label={t('pricing.simulate.quantityOf', { item: line.code })}
                          value={quantities[index] ?? line.quantity.replace(/\.?0+$/, '')}
                          onChange={(e) => setQuantities((q) => ({ ...q, [index]: e.target.value }))}
                          onBlur={() => setQuantity(index)}
                          onKeyDown={(e) => e.key === 'Enter' && setQuantity(index)}
                        />
                      </td>
                      <td className="text-end">{line.unitPrice}</td>
                      <td className="text-end">
                        {line.lineTotal !== line.grossAmount && (
                          <del className="text-body-secondary me-1">{line.grossAmount}</del>
                        )}
                        {line.lineTotal}
                      </td>
                      <td className="text-end">
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-danger"
                          aria-label={t('pricing.simulate.removeItem', { item: line.code })}
                          onClick={() => price({}, withoutLine(lines, index))}
                        >
                          <i className="bi bi-x-lg" aria-hidden="true" />
                        </button>
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        </div>
        <div className="col-lg-4">{result && result.lines.length > 0 && <Receipt result={result} />}</div>
      </div>
      {result && <WhyPanel considered={result.considered} />}
    </TitledCard>
  );
}

function Chips<T extends string | number>({
  items,
  label,
  onRemove,
}: {
  items: T[];
  label: (item: T) => string;
  onRemove: (item: T) => void;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <div className="d-flex flex-wrap gap-1 mt-2">
      {items.map((i) => (
        <span key={String(i)} className="badge text-bg-info d-inline-flex align-items-center gap-1">
          {label(i)}
          <button
            type="button"
            className="btn-close btn-close-white"
            style={{ fontSize: '0.6rem' }}
            aria-label={t('pricing.simulate.removeItem', { item: label(i) })}
            onClick={() => onRemove(i)}
          />
        </span>
      ))}
    </div>
  );
}
