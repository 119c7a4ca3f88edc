import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
// Mantine's global styles; each component's styles come with the component (vite.config.ts, componentStyles).
import '@mantine/core/styles/baseline.layer.css'
import '@mantine/core/styles/default-css-variables.layer.css'
import '@mantine/core/styles/global.layer.css'
import { initI18n } from './i18n'
import { App } from './app'

void initI18n()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
