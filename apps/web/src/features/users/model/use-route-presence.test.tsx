import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, test } from 'vitest';
import { useRoutePresence } from './use-route-presence';

function Probe() {
  const hasRoute = useRoutePresence();
  return <output data-testid="probe">{['declarations', 'customs/declarations', 'declarations/users/7/current-month', 'orders', 'notifier/sms'].map((p) => `${p}=${hasRoute(p)}`).join(' ')}</output>;
}

describe('[USERS][DETAILS] useRoutePresence reads the route table of the router the page runs in', () => {
  test('built sections are present; what falls to the catch-all is not', async () => {
    const router = createMemoryRouter([
      {
        path: '/@next',
        children: [
          { path: 'users/:userId', element: <Probe /> },
          { path: 'declarations', element: null },
          { path: 'declarations/users/:userId/current-month', element: null },
          { path: 'customs/declarations', element: null },
          { path: '*', element: null },
        ],
      },
      { path: '*', element: null },
    ], { initialEntries: ['/@next/users/7'] });
    render(<RouterProvider router={router} />);
    expect((await screen.findByTestId('probe')).textContent).toBe(
      'declarations=true customs/declarations=true declarations/users/7/current-month=true orders=false notifier/sms=false',
    );
  });
});
