import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { webRoot } from '../config/webRoot';
import { usePageName } from '../store/usePageName';
import { LoadFailed } from '../ui/LoadFailed';
import { Spinner } from '../ui/Spinner';
import { groupByTag, matches, operationsOf, type ApiDocument, type Operation } from './openapi';
import { ParameterList, SchemaView } from './SchemaView';

const DOCUMENT_PATH = '/api/openapi.json';

const METHOD_STYLE: Record<string, string> = {
  GET: 'text-bg-success',
  POST: 'text-bg-primary',
  PUT: 'text-bg-warning',
  PATCH: 'text-bg-warning',
  DELETE: 'text-bg-danger',
};

/** One operation: its line (method, path, summary) opens its details, drawn only once opened. */
function OperationView({ document, operation }: { document: ApiDocument; operation: Operation }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const schemes = document.components?.securitySchemes ?? {};
  return (
    <details className="api-operation" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="py-1">
        <span className={`badge ${METHOD_STYLE[operation.method] ?? 'text-bg-secondary'} me-2`}>
          {operation.method}
        </span>
        <code className="me-2 text-break">{operation.path}</code>
        <span>{operation.summary}</span>
      </summary>
      {open && (
        <div className="ps-3 pt-2">
          {operation.description && <p>{operation.description}</p>}
          <h3 className="h6">{t('apiDocs.auth')}</h3>
          {operation.auth.length === 0 ? (
            <p>{t('apiDocs.noAuth')}</p>
          ) : (
            <ul>
              {operation.auth.map((scheme) => (
                <li key={scheme}>
                  <code className="me-2">{scheme}</code>
                  {schemes[scheme]?.description}
                </li>
              ))}
            </ul>
          )}
          {operation.parameters.length > 0 && (
            <>
              <h3 className="h6">{t('apiDocs.parameters')}</h3>
              <ParameterList document={document} parameters={operation.parameters} />
            </>
          )}
          <h3 className="h6 mt-2">{t('apiDocs.body')}</h3>
          {operation.body ? <SchemaView document={document} schema={operation.body} /> : <p>{t('apiDocs.noBody')}</p>}
          {operation.answer && (
            <>
              <h3 className="h6 mt-2">{t('apiDocs.answer', { status: operation.answer.status })}</h3>
              <SchemaView document={document} schema={operation.answer.schema} />
            </>
          )}
        </div>
      )}
    </details>
  );
}

function ApiReference({ document }: { document: ApiDocument }) {
  const { t } = useTranslation();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search);
  const operations = useMemo(() => operationsOf(document), [document]);
  const shown = useMemo(() => operations.filter((operation) => matches(operation, query)), [operations, query]);
  const groups = useMemo(() => groupByTag(document, shown), [document, shown]);
  return (
    <div className="api-docs">
      <div className="card mb-3">
        <div className="card-body">
          <p>
            {t('apiDocs.intro')}{' '}
            <a href={`${webRoot.apiBase}${DOCUMENT_PATH}`} target="_blank" rel="noopener noreferrer">
              {t('apiDocs.document')}
            </a>
          </p>
          <label htmlFor={searchId} className="form-label">
            {t('apiDocs.search')}
          </label>
          <input
            id={searchId}
            type="search"
            className="form-control"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <p className="form-text mb-0" role="status">
            {t('apiDocs.count', { count: shown.length, total: operations.length })}
          </p>
        </div>
      </div>
      {groups.map((group) => (
        <section key={group.tag} className="card mb-3" aria-label={group.tag}>
          <div className="card-header">
            <h2 className="h5 mb-0">{group.tag}</h2>
            {group.description && <p className="small mb-0">{group.description}</p>}
          </div>
          <ul className="list-group list-group-flush">
            {group.operations.map((operation) => (
              <li key={operation.key} className="list-group-item">
                <OperationView document={document} operation={operation} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/**
 * `/api-docs`: the API's served OpenAPI document, readable — operations by family, searchable by
 * path or summary, each with its sign-in, parameters, body and answer (docs/decisions/api.md).
 */
export default function ApiDocsPage() {
  const { t } = useTranslation();
  usePageName(t('apiDocs.title'));
  const answer = useQuery({
    queryKey: ['openapi'],
    staleTime: Infinity,
    // A megabyte that never changes in place: nothing to gain from comparing it with the last copy.
    structuralSharing: false,
    queryFn: async () => (await (await import('../api/http')).http.get<ApiDocument>(DOCUMENT_PATH)).data,
  });
  if (answer.isPending) return <Spinner />;
  if (answer.isError) return <LoadFailed message={t('apiDocs.loadFailed')} onRetry={() => answer.refetch()} />;
  return <ApiReference document={answer.data} />;
}
