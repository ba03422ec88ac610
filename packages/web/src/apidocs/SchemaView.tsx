import { useTranslation } from 'react-i18next';
import { fieldsOf, typeLabel, type ApiDocument, type Field, type Schema } from './openapi';

function FieldList({ fields }: { fields: readonly Field[] }) {
  const { t } = useTranslation();
  return (
    <ul className="api-fields list-unstyled mb-0">
      {fields.map((field) => (
        <li key={field.name}>
          <code className="me-2">{field.name}</code>
          <span className="text-body-secondary me-2">{field.type}</span>
          {field.required && <span className="badge text-bg-warning me-1">{t('apiDocs.required')}</span>}
          {field.readOnly && <span className="badge text-bg-secondary me-1">{t('apiDocs.readOnly')}</span>}
          {field.title && field.title !== field.name && <span className="me-1">{field.title}</span>}
          {field.description && <div className="small text-body-secondary">{field.description}</div>}
          {field.fields && field.fields.length > 0 && <FieldList fields={field.fields} />}
        </li>
      ))}
    </ul>
  );
}

/** A schema as a reader takes it in: an object as its fields (nested ones indented), anything else as its type. */
export function SchemaView({ document, schema }: { document: ApiDocument; schema: Schema }) {
  const fields = fieldsOf(document, schema);
  return fields.length > 0 ? <FieldList fields={fields} /> : <code>{typeLabel(document, schema)}</code>;
}

export function ParameterList({
  document,
  parameters,
}: {
  document: ApiDocument;
  parameters: readonly { name: string; in: string; required?: boolean; schema?: Schema; description?: string }[];
}) {
  const fields = parameters.map((parameter) => ({
    name: parameter.name,
    type: `${parameter.schema ? typeLabel(document, parameter.schema) : 'any'} (${parameter.in})`,
    required: parameter.required === true,
    readOnly: false,
    description: parameter.description,
  }));
  return <FieldList fields={fields} />;
}
