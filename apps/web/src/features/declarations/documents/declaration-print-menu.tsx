import { DownOutlined, PrinterOutlined } from '@ant-design/icons';
import { canPrintWaybill } from '@app/contract/documents-constants';
import { az } from '@app/contract/texts/az';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useCallback } from 'react';
import { printPdfBlob } from '../../../shared/files/print-pdf';
import { http } from '../../../shared/http/http-client';
import { readErrorMessage } from '../../../shared/http/http-error';
import { useToast } from '../../../shared/toast/toast-provider';
import { DOCUMENT_PATHS } from './document-api';

const t = az.documentsUi;

export type PrintDocument = 'waybill' | 'proforma' | 'handoverDocument' | 'individualHandover';

export interface PrintFacts {
  id: number;
  statusId: number;
  /** Only known on the details page; the handover document needs a handover task. */
  handoverTaskId?: number | null;
}

/** Fetches a PDF and opens the print dialog ('Sənəd çapa hazırlanır...' meanwhile); errors shown as the server said. */
export function usePrintDocument() {
  const toast = useToast();
  return useCallback(async (document: PrintDocument | 'receipt', ids: readonly number[]) => {
    const key = 'print-document';
    toast.open({ key, type: 'loading', content: document === 'receipt' ? t.receiptPreparing : t.printing, duration: 0 });
    try {
      const params = document === 'waybill' || document === 'handoverDocument' || document === 'individualHandover'
        ? { declaration_id: ids[0] }
        : { declaration_id: ids.join(',') };
      printPdfBlob(await http.getBlob(DOCUMENT_PATHS[document], params));
      toast.destroy(key);
    } catch (error) {
      toast.open({ key, type: 'error', content: readErrorMessage(error) });
    }
  }, [toast]);
}

/**
 * spec §2 print items with their rules: the waybill is disabled under status 7 and cannot be
 * printed at 7 or 8; the handover document needs a handover task.
 */
export function buildPrintItems(facts: PrintFacts, onPrint: (document: PrintDocument) => void, options: { withHandover: boolean }): NonNullable<MenuProps['items']> {
  const items: NonNullable<MenuProps['items']> = [
    { key: 'waybill', label: t.waybill, disabled: !canPrintWaybill(facts.statusId), title: canPrintWaybill(facts.statusId) ? undefined : t.waybillRefused, onClick: () => onPrint('waybill') },
    { key: 'proforma', label: t.proforma, onClick: () => onPrint('proforma') },
  ];
  if (options.withHandover) {
    items.push(
      { key: 'handoverDocument', label: t.handoverDocument, disabled: !facts.handoverTaskId, title: facts.handoverTaskId ? undefined : t.noHandoverTask, onClick: () => onPrint('handoverDocument') },
      { key: 'individualHandover', label: t.individualHandoverDocument, onClick: () => onPrint('individualHandover') },
    );
  }
  return items;
}

/** The details page's Print menu (waybill, proforma, handover document, individual handover document). */
export function DeclarationPrintMenu({ facts }: { facts: PrintFacts }) {
  const print = usePrintDocument();
  const items = buildPrintItems(facts, (document) => void print(document, [facts.id]), { withHandover: true });
  return (
    <Dropdown trigger={['click']} menu={{ items }}>
      <Button size="small" icon={<PrinterOutlined />} data-testid="declaration-print-menu">
        {t.print} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
