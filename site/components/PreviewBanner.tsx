import { usePageContext } from 'vike-react/usePageContext';

/** The band on top of a page opened through a preview link: what the editor sees is not public yet. */
export function PreviewBanner() {
  const { preview } = usePageContext();
  if (!preview) return null;
  return (
    <div className="preview-banner" role="status" data-testid="preview-banner">
      <strong>Предпросмотр</strong>
      <span>Так страница будет выглядеть на сайте. Черновики и запланированные материалы по обычному адресу не видны; ссылка действует 1 час.</span>
    </div>
  );
}
