import { type ComponentType, createElement, lazy } from 'react'
import { BrowserRouter, Navigate, type RouteObject, useRoutes } from 'react-router'
import { Layout } from './components/Layout.tsx'
import { LoginPage } from './pages/login/LoginPage.tsx'
import { NotFoundPage } from './pages/not-found/NotFoundPage.tsx'

interface PageOptions {
  /** Behind the SPEC §2 navigation guard (components/Guarded.tsx). */
  guarded?: boolean
  /** Talks to the server: wrapped in the data layer's providers (data.tsx). */
  data?: boolean
}

/**
 * Each screen is its own chunk, so /login loads only what it needs. The chunk, the data layer and the
 * guard load together (in parallel), and the screen is drawn inside them.
 */
function page<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
  { guarded = false, data = true }: PageOptions = {},
) {
  return createElement(
    lazy(async () => {
      const [module, layer, guard] = await Promise.all([
        load(),
        data || guarded ? import('./data.tsx') : null,
        guarded ? import('./components/Guarded.tsx') : null,
      ])
      const Page: ComponentType = module[name]
      const Guarded = guard?.Guarded
      const screen = Guarded ? (
        <Guarded>
          <Page />
        </Guarded>
      ) : (
        <Page />
      )
      const DataProviders = layer?.DataProviders
      return { default: () => (DataProviders ? <DataProviders>{screen}</DataProviders> : screen) }
    }),
  )
}

/**
 * Declarative routing (BrowserRouter + useRoutes): the app uses no loaders or actions, and the data
 * router would add its code to the first load of every page.
 */
const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <Navigate to="/login" replace /> },
      { path: '/login', element: <LoginPage /> },
      {
        path: '/sent-mail',
        element: page(() => import('./pages/sent-mail/SentMailPage.tsx'), 'SentMailPage'),
      },
      {
        path: '/dashboard',
        element: page(() => import('./pages/dashboard/DashboardPage.tsx'), 'DashboardPage'),
      },
      { path: '/signup', element: page(() => import('./pages/signup/SignupPage.tsx'), 'SignupPage') },
      {
        path: '/priceselection',
        element: page(() => import('./pages/pricing/PriceSelectionPage.tsx'), 'PriceSelectionPage'),
      },
      {
        path: '/paymentmethod',
        element: page(() => import('./pages/pricing/PaymentMethodPage.tsx'), 'PaymentMethodPage'),
      },
      {
        path: '/PaymentForm',
        element: page(() => import('./pages/pricing/PaymentFormPage.tsx'), 'PaymentFormPage'),
      },
      {
        path: '/onboarding',
        element: page(() => import('./pages/onboarding/OnboardingPage.tsx'), 'OnboardingPage', {
          guarded: true,
        }),
      },
      {
        path: '/start',
        element: page(() => import('./pages/start/ShortQuizPage.tsx'), 'ShortQuizPage', { data: false }),
      },
      {
        path: '/start-b',
        element: page(() => import('./pages/start/ShortQuizPage.tsx'), 'ShortQuizPage', { data: false }),
      },
      {
        path: '/interview',
        element: page(() => import('./pages/interview/InterviewPage.tsx'), 'InterviewPage', {
          guarded: true,
        }),
      },
      {
        path: '/paywall',
        element: page(() => import('./pages/paywall/PaywallPage.tsx'), 'PaywallPage', { guarded: true }),
      },
      {
        path: '/cat-assistant',
        element: page(() => import('./pages/chat/CatAssistantPage.tsx'), 'CatAssistantPage', {
          guarded: true,
        }),
      },
      {
        path: '/cat-assistant-b',
        element: page(() => import('./pages/chat-b/CatAssistantBPage.tsx'), 'CatAssistantBPage'),
      },
      {
        path: '/cat-profile',
        element: page(() => import('./pages/cat-profile/CatProfilePage.tsx'), 'CatProfilePage', {
          guarded: true,
        }),
      },
      {
        path: '/progress',
        element: page(() => import('./pages/progress/ProgressPage.tsx'), 'ProgressPage', { guarded: true }),
      },
      { path: '/privacy', element: page(() => import('./pages/legal/PrivacyPage.tsx'), 'PrivacyPage') },
      { path: '/terms', element: page(() => import('./pages/legal/TermsPage.tsx'), 'TermsPage') },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]

function AppRoutes() {
  return useRoutes(routes)
}

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  )
}
