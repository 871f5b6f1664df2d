import './ui.css';
import type { ReactNode } from 'react';
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import InfoCircleFilled from '@ant-design/icons-svg/es/asn/InfoCircleFilled';
import { Icon } from './Icon';

type AlertType = 'success' | 'info' | 'warning' | 'error';

const ICONS = { success: CheckCircleFilled, info: InfoCircleFilled, warning: ExclamationCircleFilled, error: CloseCircleFilled };

/**
 * A message box with its icon (the portal's alert look). Errors and warnings are announced to screen
 * readers as they appear (role alert); information is polite (role status).
 */
export function Alert({
  type,
  title,
  action,
  className,
  'data-testid': testId,
}: {
  type: AlertType;
  title: ReactNode;
  action?: ReactNode;
  className?: string;
  'data-testid'?: string;
}) {
  return (
    <div
      className={`pub-alert pub-alert--${type}${className ? ` ${className}` : ''}`}
      role={type === 'error' || type === 'warning' ? 'alert' : 'status'}
      data-testid={testId}
    >
      <Icon icon={ICONS[type]} className="pub-alert__icon" />
      <div className="pub-alert__title">{title}</div>
      {action && <div className="pub-alert__action">{action}</div>}
    </div>
  );
}
