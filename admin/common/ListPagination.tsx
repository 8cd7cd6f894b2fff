import { Pagination, useListContext, useTranslate, type PaginationProps } from 'react-admin';
import { cappedTotal, listTotalCap } from '@lib/listTotals.js';
import { groupDigits } from '@lib/format.js';

interface RangeLabelArgs {
  from: number;
  to: number;
  count: number;
}

/**
 * The lists' pagination: react-admin's, with the range label telling a capped total as «1–25 из более 10 000»
 * (`lib/listTotals.ts`: a total above the list's cap means more than the cap).
 */
export const ListPagination = (props: PaginationProps) => {
  const { resource, filterValues } = useListContext();
  const translate = useTranslate();
  const cap = listTotalCap(resource, (filterValues as Record<string, unknown> | undefined)?.q);
  const labelDisplayedRows = ({ from, to, count }: RangeLabelArgs) => {
    const capped = cappedTotal(count, cap);
    return capped === null
      ? translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })
      : translate('app.list.page_range_more', { offsetBegin: from, offsetEnd: to, total: groupDigits(capped) });
  };
  // react-admin passes props it does not know on to MUI's TablePagination, whose label this is; its types omit it.
  const withLabel = { ...props, labelDisplayedRows } as PaginationProps;
  return <Pagination {...withLabel} />;
};
