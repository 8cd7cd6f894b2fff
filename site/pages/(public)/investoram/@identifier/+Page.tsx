import { useData } from 'vike-react/useData';
import { TextPageView } from '../../../../components/TextPageView.js';
import type { TextPageData } from '../../../../textPageData.js';

export function Page() {
  return <TextPageView data={useData<TextPageData>()} />;
}
