import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '@backroom/schema';

/** The centred card public pages share. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="auth-card card shadow-sm">
      <div className="card-header text-center">
        <div className="auth-brand">
          <i className="bi bi-shop me-2" aria-hidden="true" />
          {PRODUCT_NAME}
        </div>
      </div>
      <div className="card-body">
        <h1 className="h4 text-center mb-3">{title}</h1>
        {children}
      </div>
    </div>
  );
}
