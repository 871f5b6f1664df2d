import type { MouseEvent, ReactNode } from 'react';
import { Button, Tooltip, type ButtonProps } from 'antd';
import { useNavigate } from 'react-router';
import { PERMISSIONS } from '@rd/contract';
import { usePermission } from './usePermission';

export interface BindingPageLinkProps extends Omit<ButtonProps, 'href' | 'onClick' | 'children'> {
  /** The page with its address (pages/public/binding/bindingLinks.ts: produceLink, PACK_PATH). */
  to: string;
  /** What the page is for, on hover. */
  hint: string;
  /** As a text link among other text (a count in a cell) rather than a button. */
  inline?: boolean;
  testId?: string;
  children: ReactNode;
}

/**
 * A link from the portal to a production-line page (/codeBindingProduce, /codeBinding), only for users who may
 * bind codes (the pages' calls need the same permission). A plain click opens it in this tab, where it finds the
 * portal's session (the token lives in the tab's storage): no second sign-in, and Back returns to the list. It
 * is a real link, so it can be copied for a line phone, which then signs in on the page.
 */
export function BindingPageLink({ to, hint, inline = false, testId, children, ...buttonProps }: BindingPageLinkProps) {
  const mayBind = usePermission(PERMISSIONS.codeBind);
  const navigate = useNavigate();
  if (!mayBind) return null;
  const open = (event: MouseEvent<HTMLElement>) => {
    // a new tab or window asked for (Ctrl, Shift, middle button) is left to the browser
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(to);
  };
  return (
    <Tooltip title={hint}>
      {inline ? (
        <a href={to} onClick={open} data-testid={testId}>
          {children}
        </a>
      ) : (
        <Button href={to} onClick={open} data-testid={testId} {...buttonProps}>
          {children}
        </Button>
      )}
    </Tooltip>
  );
}
