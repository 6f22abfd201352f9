/** Placeholder entry until the app itself lands: proves the build, the serving and the dev proxy end to end. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function Placeholder() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: '40rem', margin: '3rem auto', padding: '0 1rem' }}>
      <h1>Droplane</h1>
      <p>The driver app for delivery routes. The screens are on their way; the server and its API already run.</p>
    </main>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <Placeholder />
  </StrictMode>,
);
