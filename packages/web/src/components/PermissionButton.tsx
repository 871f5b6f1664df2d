import { Button, type ButtonProps } from 'antd';
import { usePermission } from './usePermission';

export interface PermissionButtonProps extends ButtonProps {
  /** The permission code (or any of several) the button needs; without it the button is not rendered. */
  code: string | readonly string[];
}

/** A button that exists only for users holding its permission (spec 5.4). The server checks again. */
export function PermissionButton({ code, ...props }: PermissionButtonProps) {
  return usePermission(code) ? <Button {...props} /> : null;
}
