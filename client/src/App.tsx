import { type ComponentType, createElement, isValidElement, type ReactNode, use } from 'react'
import { BrowserRouter, matchRoutes, Navigate, type RouteObject, useRoutes } from 'react-router'
import { Layout } from './Layout.tsx'
import { LoginPage } from './pages/login/LoginPage.tsx'
import { NotFoundPage } from './pages/not-found/NotFoundPage.tsx'

interface PageOptions {
  /** Behind the docs/product.md §2 navigation guard (components/Guarded.tsx). */
  guarded?: boolean
  /** Talks to the server: wrapped in the data layer's providers (data.tsx). */
  data?: boolean
  /**
   * A landing page whose chunks the server names in the page it serves for its path (vite.config.ts
   * ROUTE_PAGES): arriving there, the first render waits for them (they are already on their way), so
   * the first paint is the page itself, not the loading animation and then the page.
   */
  landing?: boolean
}

/** A screen's component, with what landingReady needs of it. */
type Screen = (() => ReactNode) & { preload: () => Promise<unknown>; landing: boolean }

/**
 * Each screen is its own chunk, so /login loads only what it needs. The chunk, the data layer and the
 * guard load together (in parallel), and the screen is drawn inside them.
 */
function page<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
  { guarded = false, data = true, landing = false }: PageOptions = {},
) {
  // React.lazy, except that a screen whose chunks are already loaded draws in the same render.
  let ready: ComponentType | null = null
  let loading: Promise<ComponentType> | null = null
  const preload = () => {
    loading ??= (async () => {
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
      ready = () => (DataProviders ? <DataProviders>{screen}</DataProviders> : screen)
      return ready
    })()
    return loading
  }
  function Screen() {
    const Ready = ready ?? use(preload())
    return <Ready />
  }
  const screen: Screen = Object.assign(Screen, { preload, landing })
  return createElement(screen)
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
        element: page(() => import('./pages/start/ShortQuizPage.tsx'), 'ShortQuizPage', {
          data: false,
          landing: true,
        }),
      },
      {
        path: '/start-b',
        element: page(() => import('./pages/start/ShortQuizPage.tsx'), 'ShortQuizPage', {
          data: false,
          landing: true,
        }),
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
      {
        path: '/care',
        element: page(() => import('./pages/care/CarePage.tsx'), 'CarePage', { guarded: true }),
      },
      {
        path: '/care/progress',
        element: page(() => import('./pages/care/ProgressPage.tsx'), 'CareProgressPage', { guarded: true }),
      },
      {
        path: '/household',
        element: page(() => import('./pages/household/HouseholdPage.tsx'), 'HouseholdPage', {
          guarded: true,
        }),
      },
      // Not guarded: signed out, the page itself sends the invitee through sign-in and back.
      {
        path: '/household/accept',
        element: page(() => import('./pages/household/AcceptInvitePage.tsx'), 'AcceptInvitePage'),
      },
      // The first-aid guide works signed out and offline (docs/first-aid.md): no guard, no data layer.
      {
        path: '/first-aid',
        element: page(() => import('./pages/first-aid/FirstAidPage.tsx'), 'FirstAidPage', { data: false }),
      },
      {
        path: '/first-aid/card',
        element: page(() => import('./pages/first-aid/EmergencyCardPage.tsx'), 'EmergencyCardPage', {
          data: false,
        }),
      },
      {
        path: '/first-aid/:id',
        element: page(() => import('./pages/first-aid/SituationPage.tsx'), 'SituationPage', { data: false }),
      },
      // Served with the status 404 like any unknown path (shared/client-paths.ts): it exists for operators only.
      { path: '/ops/safety', element: page(() => import('./pages/ops/OpsSafetyPage.tsx'), 'OpsSafetyPage') },
      { path: '/privacy', element: page(() => import('./pages/legal/PrivacyPage.tsx'), 'PrivacyPage') },
      { path: '/terms', element: page(() => import('./pages/legal/TermsPage.tsx'), 'TermsPage') },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]

/**
 * Settles when the app may first render at `pathname`: at once, or for a landing page (PageOptions.landing)
 * once its chunks are loaded (a failed load renders anyway, and the page's own load reports it).
 */
export function landingReady(pathname: string): Promise<unknown> {
  const element = matchRoutes(routes, pathname)?.at(-1)?.route.element
  const screen = isValidElement(element) ? (element.type as Partial<Screen>) : null
  return screen?.landing && screen.preload ? screen.preload().catch(() => undefined) : Promise.resolve()
}

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
