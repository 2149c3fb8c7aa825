import { useCallback } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { TemplateFormModal } from '../components/template-form-modal';
import { TEMPLATES_BASE } from './templates-page';

/** Closing a modal route goes back to the table as it was (its URL state rides along). */
function useBackToList() {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(() => void navigate({ pathname: TEMPLATES_BASE, search }, { replace: true }), [navigate, search]);
}

export function CreateTemplateRoute() {
  const back = useBackToList();
  return <TemplateFormModal onClose={back} />;
}

export function UpdateTemplateRoute() {
  const { templateId } = useParams();
  const back = useBackToList();
  return <TemplateFormModal key={templateId} templateId={Number(templateId)} onClose={back} />;
}
