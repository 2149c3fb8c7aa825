import { SearchOutlined } from '@ant-design/icons';
import { az } from '@app/contract/texts/az';
import { Button, Input, Tooltip } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { findDeclarationByTrackCode } from '../../features/declarations/api';
import { HttpError } from '../../shared/http/http-error';
import { useToast } from '../../shared/toast/toast-provider';
import { useAuth } from '../auth/auth-context';
import { toAppPath } from '../navigation';

/** spec §2 "Quick search": the track_code errors when the server gives them, else its message. */
function describeSearchError(error: unknown): string {
  if (error instanceof HttpError) {
    const list = error.errors.track_code;
    return list && list.length > 0 ? list.join('. ') : error.message;
  }
  return az.declarations.notFoundByTrackCode;
}

export function QuickSearch() {
  const { user } = useAuth();
  const message = useToast();
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
  const [isSearching, setSearching] = useState(false);

  const search = async (text: string) => {
    const trackCode = text.trim();
    if (!trackCode) return;
    setSearching(true);
    try {
      const found = await findDeclarationByTrackCode(trackCode, user.admin);
      setOpen(false);
      void navigate(toAppPath(`declarations/${found.id}`));
    } catch (error) {
      void message.error(describeSearchError(error));
    } finally {
      setSearching(false);
    }
  };

  if (!isOpen) {
    return (
      <Tooltip title={az.topbar.quickSearch}>
        <Button type="text" icon={<SearchOutlined />} aria-label={az.topbar.quickSearch} onClick={() => setOpen(true)} />
      </Tooltip>
    );
  }
  return (
    <Input.Search
      autoFocus
      allowClear
      size="middle"
      style={{ width: 240 }}
      aria-label={az.topbar.quickSearch}
      placeholder={az.topbar.quickSearchPlaceholder}
      loading={isSearching}
      onSearch={(value) => void search(value)}
      onBlur={(event) => {
        if (!event.target.value) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    />
  );
}
