import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { PermissionButton } from '../src/components/PermissionButton';
import { sessionStore, setUser } from '../src/app/state/sessionStore';
import { USER } from './support/mockApi';

afterEach(() => {
  cleanup();
  sessionStore.setState({ user: null, buttons: [] });
});

describe('permission button (spec 5.4)', () => {
  it('is hidden without the code and shown with it', () => {
    setUser({ ...USER, userType: '3', permissionList: ['system:session:list'] });
    render(
      <>
        <PermissionButton code="system:session:kick">kick</PermissionButton>
        <PermissionButton code="system:session:list">list</PermissionButton>
        <PermissionButton code={['x:y:z', 'system:session:list']}>any</PermissionButton>
      </>,
    );
    expect(screen.queryByText('kick')).toBeNull();
    expect(screen.getByText('list')).toBeTruthy();
    expect(screen.getByText('any')).toBeTruthy();
  });

  it('is shown to user type 1 by the list the server gives it (every code of a platform account), and always for "all"', () => {
    setUser({ ...USER, userType: '1', permissionList: ['system:session:kick'] });
    render(
      <>
        <PermissionButton code="system:session:kick">kick</PermissionButton>
        <PermissionButton code="product:product:add">company only</PermissionButton>
      </>,
    );
    expect(screen.getByText('kick')).toBeTruthy();
    // a company's own button needs a company: the server does not list it for the super user
    expect(screen.queryByText('company only')).toBeNull();
    cleanup();
    setUser({ ...USER, userType: '3', permissionList: [] });
    render(<PermissionButton code="all">open</PermissionButton>);
    expect(screen.getByText('open')).toBeTruthy();
  });
});
