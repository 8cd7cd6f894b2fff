import { App } from '../../../admin/App.js';

/** Renders the react-admin app (client only: `ssr: false`). */
export default function Page() {
  return <App />;
}
