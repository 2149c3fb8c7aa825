import { DownOutlined, MoreOutlined } from '@ant-design/icons';
import { az } from '@app/contract/texts/az';
import { Button, Dropdown, Tooltip, type MenuProps } from 'antd';
import { useAuth } from '../../../app/auth/auth-context';
import { canOpenPath } from '../../../app/navigation';
import type { FlightFileKind } from '../api';
import { listFlightActions, type FlightActionKey } from '../model/flight-access';
import type { FlightRef } from './use-flight-actions';

const t = az.flightsUi;

const LABELS: Record<FlightActionKey, string> = {
  details: t.details,
  declarations: t.declarations,
  unsorted: t.unsorted,
  packages: t.packages,
  airWaybills: t.airWaybills,
  pallets: t.pallets,
  changeStatus: t.changeStatus,
  changeMarketplaceStatus: t.changeMarketplaceStatus,
  close: t.close,
  changeAirwaybill: t.changeAirwaybill,
  currentMonth: t.changeCurrentMonth,
  manifest: t.manifests,
  xml: t.xmlExport,
  roadsheet: t.roadsheet,
  partnerExport: t.partnerExport,
};

export interface FlightMenuProps {
  flight: FlightRef;
  onAction: (key: FlightActionKey, flight: FlightRef) => void;
  onFile: (kind: FlightFileKind, flight: FlightRef) => void;
}

/** Every row-menu item with its rule (model/flight-access); a disabled item says why on hover. */
export function useFlightMenuItems({ flight, onAction, onFile }: FlightMenuProps): NonNullable<MenuProps['items']> {
  const { user } = useAuth();
  const actions = listFlightActions({ canSort: canOpenPath(user, 'sorting') === true }, { statusId: flight.state_id, provider: flight.trendyol });
  return actions.map((action) => {
    const label = action.isDisabled
      ? <Tooltip title={action.reason} placement="left"><span data-testid={`flight-action-${action.key}`}>{LABELS[action.key]}</span></Tooltip>
      : <span data-testid={`flight-action-${action.key}`}>{LABELS[action.key]}</span>;
    if (action.key === 'manifest') {
      // A group, not a hover submenu: every file item is one click (and one arrow key) away.
      return {
        type: 'group' as const,
        key: action.key,
        label: LABELS[action.key],
        children: [
          { key: 'manifest-upload', label: <span data-testid="flight-action-manifest-upload">{t.manifestUpload}</span>, onClick: () => onAction('manifest', flight) },
          { key: 'manifest-export', label: t.manifestExport, onClick: () => onFile('export', flight) },
          { key: 'manifest-info', label: t.infoExport, onClick: () => onFile('infoexport', flight) },
        ],
      };
    }
    return {
      key: action.key,
      label,
      disabled: action.isDisabled,
      danger: action.key === 'close' && !action.isDisabled,
      onClick: () => onAction(action.key, flight),
    };
  });
}

export function FlightRowMenu(props: FlightMenuProps) {
  const items = useFlightMenuItems(props);
  return (
    <Dropdown menu={{ items }} trigger={['click']}>
      <Button size="small" type="text" icon={<MoreOutlined />} aria-label={t.actions} data-testid={`flight-menu-${props.flight.id}`} />
    </Dropdown>
  );
}

/** The same items as a button (the detail page's header). */
export function FlightActionsButton(props: FlightMenuProps) {
  const items = useFlightMenuItems(props).filter((item) => item?.key !== 'details');
  return (
    <Dropdown menu={{ items }} trigger={['click']}>
      <Button data-testid="flight-actions">{t.actions} <DownOutlined /></Button>
    </Dropdown>
  );
}
